import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { Table } from "./dynamo-client";
import type { ItemKey } from "./keys";
import { type Asker, groupBy, perTurn } from "./per-turn";
import { batchGetAll } from "./query";

type Item = Record<string, unknown>;

interface Read extends Asker<Item | undefined> {
  key: ItemKey;
}

/** Per client and table, the reads asked in this turn of the event loop. */
const gatherers = new WeakMap<Table["client"], Map<string, (read: Read) => void>>();

const itemId = (key: { pk: unknown; sk: unknown }) => `${String(key.pk)}\u0000${String(key.sk)}`;

/**
 * One strongly consistent read of one item. The reads of a table asked in the same turn of the event loop
 * (an API key's lookup and the route's read started beside it, the reads of requests that arrived
 * together) go to DynamoDB as one BatchGetItem when there are several, and one GetItem when there is one:
 * one round trip and one request instead of several, billed the same per item. Every read is sent after it
 * was asked, so it sees every write that succeeded before; readers of the same item share one read.
 */
export function getItem(table: Table, key: ItemKey): Promise<Item | undefined> {
  let byTable = gatherers.get(table.client);
  if (!byTable) {
    byTable = new Map();
    gatherers.set(table.client, byTable);
  }
  let gather = byTable.get(table.name);
  if (!gather) {
    gather = perTurn((reads: Read[]) => void send(table, reads));
    byTable.set(table.name, gather);
  }
  const ask = gather;
  return new Promise((resolve, reject) => ask({ key, resolve, reject }));
}

async function send(table: Table, reads: Read[]): Promise<void> {
  const byItem = groupBy(reads, (read) => itemId(read.key));
  let found: Map<string, Item>;
  try {
    found = await read(
      table,
      [...byItem.values()].map(([first]) => (first as Read).key),
    );
  } catch (error) {
    // A key DynamoDB refuses fails the whole batch: each read goes again alone, so only its own fails.
    if (byItem.size > 1 && error instanceof Error && error.name === "ValidationException") {
      for (const readers of byItem.values()) void send(table, readers);
      return;
    }
    for (const reader of reads) reader.reject(error);
    return;
  }
  for (const [id, readers] of byItem) {
    const item = found.get(id);
    // Each reader gets an item of its own, which it may change.
    for (const [i, reader] of readers.entries()) reader.resolve(item && i > 0 ? structuredClone(item) : item);
  }
}

/** BatchGetItem retries the keys DynamoDB leaves unprocessed (batchGetAll); one key is a plain GetItem. */
async function read(table: Table, itemKeys: ItemKey[]): Promise<Map<string, Item>> {
  if (itemKeys.length === 1) {
    const [key] = itemKeys as [ItemKey];
    const { Item } = await table.client.send(
      new GetCommand({ TableName: table.name, Key: key, ConsistentRead: true }),
    );
    return new Map(Item ? [[itemId(key), Item]] : []);
  }
  const items = await batchGetAll(table, itemKeys);
  return new Map(items.map((item) => [itemId({ pk: item.pk, sk: item.sk }), item]));
}
