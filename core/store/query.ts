import { BatchGetCommand, QueryCommand, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import type { Table } from "./dynamo-client";
import type { ItemKey } from "./keys";

type Item = Record<string, unknown>;

/** Every item of a query, following LastEvaluatedKey; for lists bounded by design (a workspace's keys). */
export async function queryAll(table: Table, input: Omit<QueryCommandInput, "TableName">): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await table.client.send(
      new QueryCommand({ ...input, TableName: table.name, ExclusiveStartKey: startKey }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** Every item of one partition whose sort key starts with the prefix, strongly consistent. */
export function queryByPrefix(table: Table, pk: string, skPrefix: string): Promise<Item[]> {
  return queryAll(table, {
    KeyConditionExpression: "pk = :pk AND begins_with(sk, :prefix)",
    ExpressionAttributeValues: { ":pk": pk, ":prefix": skPrefix },
    ConsistentRead: true,
  });
}

/** Strongly consistent BatchGetItem of up to 100 keys, retrying unprocessed keys; results in the keys' order. */
export async function batchGet(table: Table, itemKeys: ItemKey[]): Promise<Item[]> {
  const found = new Map<string, Item>();
  let pending = itemKeys;
  for (let round = 0; pending.length > 0; round++) {
    if (round > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(25 * 2 ** round, 1000)));
    const result = await table.client.send(
      new BatchGetCommand({ RequestItems: { [table.name]: { Keys: pending, ConsistentRead: true } } }),
    );
    for (const item of result.Responses?.[table.name] ?? []) found.set(`${item.pk}|${item.sk}`, item);
    pending = (result.UnprocessedKeys?.[table.name]?.Keys ?? []) as ItemKey[];
  }
  return itemKeys.flatMap((key): Item[] => {
    const item = found.get(`${key.pk}|${key.sk}`);
    return item ? [item] : [];
  });
}
