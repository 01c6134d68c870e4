import { BatchGetCommand, QueryCommand, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import type { Table } from "./dynamo-client";
import type { ItemKey } from "./keys";
import type { IndexName } from "./table";

type Item = Record<string, unknown>;

/**
 * Every item of a query from its ExclusiveStartKey on, following LastEvaluatedKey; for lists bounded by
 * design (a workspace's keys). With
 * `stopAt`, no further page is asked for once that many items are found (a filtered query's pages may hold
 * none, and any page may stop short at DynamoDB's 1 MB).
 */
export async function queryAll(
  table: Table,
  input: Omit<QueryCommandInput, "TableName">,
  stopAt = Number.POSITIVE_INFINITY,
): Promise<Item[]> {
  const items: Item[] = [];
  let startKey = input.ExclusiveStartKey;
  do {
    const page = await table.client.send(
      new QueryCommand({ ...input, TableName: table.name, ExclusiveStartKey: startKey }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey && items.length < stopAt);
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

/** BatchGetItem takes at most 100 keys a request. */
const BATCH_GET_MAX = 100;

/** The items of any number of keys, by batchGet in chunks it accepts; results in the keys' order. */
export async function batchGetAll(table: Table, itemKeys: ItemKey[]): Promise<Item[]> {
  const items: Item[] = [];
  for (let i = 0; i < itemKeys.length; i += BATCH_GET_MAX) {
    items.push(...(await batchGet(table, itemKeys.slice(i, i + BATCH_GET_MAX))));
  }
  return items;
}

/** How much of an index partition to walk, and in which order. */
export interface IndexWalk {
  /** Descending sort-key order (the index's sort keys put the newest last). */
  newestFirst?: boolean;
  /** Only the entries whose index sort key lies in from..to (inclusive). */
  sortBetween?: { from: string; to: string };
  /** Stops once this many keys are read. */
  limit?: number;
  /**
   * Only the entries whose projected attribute has one of these values. DynamoDB filters after reading, so the
   * walk reads (and is billed for) the partition's other entries all the same.
   */
  where?: { attribute: string; oneOf: readonly string[] };
}

/** An index entry: the item's primary key and its sort key in the index. */
export interface IndexEntry {
  key: ItemKey;
  indexSort: string;
}

/**
 * The entries in one partition of an index (each projects the keys, gsi6 one attribute more; see table.ts),
 * following LastEvaluatedKey until the partition or `limit` ends.
 */
export async function indexPartitionEntries(
  table: Table,
  index: IndexName,
  pk: string,
  walk: IndexWalk = {},
): Promise<IndexEntry[]> {
  const { sortBetween, limit, where } = walk;
  const found: IndexEntry[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await table.client.send(
      new QueryCommand({
        TableName: table.name,
        IndexName: index,
        KeyConditionExpression: sortBetween
          ? `${index}pk = :pk AND ${index}sk BETWEEN :from AND :to`
          : `${index}pk = :pk`,
        ...(where && {
          FilterExpression: `#where IN (${where.oneOf.map((_, i) => `:where${i}`).join(", ")})`,
          ExpressionAttributeNames: { "#where": where.attribute },
        }),
        ExpressionAttributeValues: {
          ":pk": pk,
          ...(sortBetween && { ":from": sortBetween.from, ":to": sortBetween.to }),
          ...Object.fromEntries((where?.oneOf ?? []).map((value, i) => [`:where${i}`, value])),
        },
        ScanIndexForward: walk.newestFirst !== true,
        ExclusiveStartKey: startKey,
        Limit: limit,
      }),
    );
    for (const item of page.Items ?? []) {
      found.push({
        key: { pk: String(item.pk), sk: String(item.sk) },
        indexSort: String(item[`${index}sk`]),
      });
    }
    startKey = limit !== undefined && found.length >= limit ? undefined : page.LastEvaluatedKey;
  } while (startKey);
  return found;
}

/** The primary keys of the entries in one partition of an index (indexPartitionEntries). */
export async function indexPartitionKeys(
  table: Table,
  index: IndexName,
  pk: string,
  walk: IndexWalk = {},
): Promise<ItemKey[]> {
  return (await indexPartitionEntries(table, index, pk, walk)).map((entry) => entry.key);
}

/** The items listed in one index partition: its keys from the index, then the items, strongly consistent. */
export async function indexPartitionItems(
  table: Table,
  index: IndexName,
  pk: string,
  walk: IndexWalk = {},
): Promise<Item[]> {
  return batchGetAll(table, await indexPartitionKeys(table, index, pk, walk));
}
