import { QueryCommand, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import type { Table } from "./dynamo-client";

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
