import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { Table } from "./dynamo-client";
import type { ItemKey } from "./keys";
import { batchGetAll } from "./query";

type Item = Record<string, unknown>;

interface Reader {
  resolve(item: Item | undefined): void;
  reject(error: unknown): void;
}

/** The reads of one table asked in this turn of the event loop and not sent yet, by item. */
type Batch = Map<string, { key: ItemKey; readers: Reader[] }>;

const batches = new WeakMap<Table["client"], Map<string, Batch>>();

const itemId = (key: { pk: unknown; sk: unknown }) => `${String(key.pk)}\u0000${String(key.sk)}`;

/**
 * One strongly consistent read of one item. The reads of a table asked in the same turn of the event loop
 * (an API key's lookup and the route's read started beside it, the reads of requests that arrived
 * together) go to DynamoDB as one BatchGetItem when there are several, and one GetItem when there is one:
 * one round trip and one request instead of several, billed the same per item. Every read is sent after it
 * was asked, so it sees every write that succeeded before; readers of the same item share one read.
 */
export function getItem(table: Table, key: ItemKey): Promise<Item | undefined> {
  let byTable = batches.get(table.client);
  if (!byTable) {
    byTable = new Map();
    batches.set(table.client, byTable);
  }
  let batch = byTable.get(table.name);
  if (!batch) {
    const asked: Batch = new Map();
    const tables = byTable;
    batch = asked;
    tables.set(table.name, asked);
    // After the I/O callbacks of this turn and every promise they settle, so the reads they ask come too.
    setImmediate(() => {
      tables.delete(table.name);
      void send(table, asked);
    });
  }
  const id = itemId(key);
  let waiting = batch.get(id);
  if (!waiting) {
    waiting = { key, readers: [] };
    batch.set(id, waiting);
  }
  const readers = waiting.readers;
  return new Promise((resolve, reject) => readers.push({ resolve, reject }));
}

async function send(table: Table, batch: Batch): Promise<void> {
  const asked = [...batch.values()];
  let found: Map<string, Item>;
  try {
    found = await read(
      table,
      asked.map(({ key }) => key),
    );
  } catch (error) {
    // A key DynamoDB refuses fails the whole batch: each read goes again alone, so only its own fails.
    if (asked.length > 1 && error instanceof Error && error.name === "ValidationException") {
      for (const [id, waiting] of batch) void send(table, new Map([[id, waiting]]));
      return;
    }
    for (const { readers } of asked) for (const reader of readers) reader.reject(error);
    return;
  }
  for (const { key, readers } of asked) {
    const item = found.get(itemId(key));
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
