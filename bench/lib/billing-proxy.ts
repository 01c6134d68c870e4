import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createTableInput } from "../../core/adapters/dynamodb/create-table";
import {
  committedWrite,
  failedWrite,
  type IndexShape,
  type ItemWriteBill,
  indexEntryBytes,
  itemBytes,
  itemReadUnits,
  pageReadUnits,
  type ReadMode,
  type TableShape,
  type WireItem,
} from "./billed-units";
import {
  DynamoWire,
  errorType,
  itemId,
  keyOf,
  TARGET_PREFIX,
  type WireResponse,
  withoutFields,
} from "./dynamo-wire";
import { Tally } from "./tally";

/**
 * An HTTP proxy on 127.0.0.1 between the service and DynamoDB Local that bills every request the way
 * DynamoDB bills it (bench/lib/billed-units.ts), from the sizes of the items involved, instead of trusting
 * DynamoDB Local's ConsumedCapacity. The service is pointed at it with DYNAMODB_ENDPOINT and runs unchanged.
 *
 * For each write (PutItem, UpdateItem, DeleteItem, BatchWriteItem, TransactWriteItems) it reads every
 * affected item before (GetItem, strongly consistent, straight to DynamoDB Local, not billed), forwards the
 * request, and, when it succeeded, reads the items after; the writes of one item are serialized by a lock
 * held from the read before to the read after, so "before" and "after" are exactly this write's. It bills
 * each item the larger of its size before and after (× 2 in a transaction) and each index entry that the
 * write added, removed or re-keyed. A write refused by its condition is billed as DynamoDB bills a failed
 * conditional write; an UpdateItem's would-be item is found by replaying the update without its condition
 * on a copy of the item in a scratch table.
 *
 * Reads are billed from the items they read: GetItem, BatchGetItem and TransactGetItems per item, Query and
 * Scan per request (page) from the sum of the items or index entries read. A read with a projection, a
 * filter or Select is replayed without them (unbilled) to find what DynamoDB read, since it bills the whole
 * items read before filtering and projecting.
 *
 * Counters (bench/lib/tally.ts), per bucket `b` (the `classify` option's answer, "work" by default):
 * `b.req`, `b.req:<Op>`, `b.wru`, `b.rru`, `b.wru:<Op>`, `b.rru:<Op>`, `b.wru@<kind>` (table writes by item
 * kind), `b.wru@index:<gsi>`, `b.rru@<kind>`, `b.fail:<Op>` and `b.failwru` (failed conditional writes and
 * cancelled transactions, included in `b.wru`), `b.items:<Op>` (items a Query returned), `b.local.wru` and
 * `b.local.rru` (what DynamoDB Local reported, for comparison), `b.err:<Op>` (other errors, unbilled), and
 * `proxy.billing-errors` (a bill the proxy could not compute; the request itself still went through).
 */
export interface BillingProxyOptions {
  /** DynamoDB Local's endpoint. */
  target: string;
  /** The table's keys and indexes; defaults to the single table of core/adapters/dynamodb/table.ts. */
  table?: TableShape;
  /** The bucket a request's units are counted in ("work" by default), e.g. to keep a sweeper's apart. */
  classify?: (operation: string, input: Record<string, unknown>) => string;
  /** A short name for the kind of an item, for the per-kind counters; from its key. */
  kindOf?: (key: WireItem) => string;
  /** Every write that took effect, with each item before and after it. */
  onCommit?: (commit: ObservedCommit) => void;
  /** Where the counters go; a new one by default. */
  tally?: Tally;
}

export interface ObservedWrite {
  action: "Put" | "Update" | "Delete" | "ConditionCheck";
  tableName: string;
  key: WireItem;
  before: WireItem | undefined;
  after: WireItem | undefined;
}

export interface ObservedCommit {
  operation: string;
  bucket: string;
  writes: ObservedWrite[];
}

export interface BillingProxy {
  endpoint: string;
  tally: Tally;
  /** Requests of the bucket in flight now, and when the last one ended (0 if none yet). */
  activity(bucket: string): { inFlight: number; lastEndedAtMs: number };
  stop(): Promise<void>;
}

const WRITES = new Set(["PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems"]);
const READS = new Set(["GetItem", "BatchGetItem", "TransactGetItems", "Query", "Scan"]);
/** Request fields that make DynamoDB return less than it read (and bill): dropped when replaying a read. */
const READ_NARROWING = [
  "FilterExpression",
  "ProjectionExpression",
  "Select",
  "AttributesToGet",
  "QueryFilter",
  "ScanFilter",
  "ConditionalOperator",
  "ReturnConsumedCapacity",
];
/** Fields of an update that the scratch replay must not carry. */
const UPDATE_REPLAY_DROPPED = [
  "ConditionExpression",
  "Expected",
  "ConditionalOperator",
  "ReturnValues",
  "ReturnValuesOnConditionCheckFailure",
  "ReturnConsumedCapacity",
  "ReturnItemCollectionMetrics",
];
const HOP_BY_HOP = new Set([
  "host",
  "connection",
  "keep-alive",
  "content-length",
  "transfer-encoding",
  "expect",
  "accept-encoding",
]);

/** The single table as core/adapters/dynamodb/create-table.ts creates it from table.ts. */
export function weftTableShape(): TableShape {
  const input = createTableInput("shape");
  const keyNames = (schema: { AttributeName?: string; KeyType?: string }[] | undefined) => ({
    partition: schema?.find((key) => key.KeyType === "HASH")?.AttributeName ?? "",
    sort: schema?.find((key) => key.KeyType === "RANGE")?.AttributeName,
  });
  const indexes: IndexShape[] = (input.GlobalSecondaryIndexes ?? []).map((index) => {
    const projection = index.Projection;
    return {
      name: index.IndexName ?? "",
      ...keyNames(index.KeySchema),
      projection:
        projection?.ProjectionType === "INCLUDE"
          ? { type: "INCLUDE", attributes: projection.NonKeyAttributes ?? [] }
          : { type: projection?.ProjectionType === "ALL" ? "ALL" : "KEYS_ONLY" },
    };
  });
  return { ...keyNames(input.KeySchema), indexes };
}

export async function startBillingProxy(options: BillingProxyOptions): Promise<BillingProxy> {
  const table = options.table ?? weftTableShape();
  const classify = options.classify ?? (() => "work");
  const kindOf = options.kindOf ?? (() => "item");
  const wire = new DynamoWire(options.target);
  const tally = options.tally ?? new Tally();
  const locks = new KeyLocks();
  const activity = new Map<string, { inFlight: number; lastEndedAtMs: number }>();
  const scratchTable = `billing-proxy-scratch-${randomBytes(4).toString("hex")}`;
  await createScratchTable(wire, table, scratchTable);

  const key = (item: WireItem) => keyOf(item, table.partition, table.sort);
  const kind = (item: WireItem) => kindOf(key(item));

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      tally.add("proxy.errors");
      if (!res.headersSent) {
        res.writeHead(500, { "content-type": "application/x-amz-json-1.0" });
        res.end(JSON.stringify({ __type: "InternalServerError", message: String(error) }));
      }
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const target = String(req.headers["x-amz-target"] ?? "");
    const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : "";
    const headers = forwardedHeaders(req);
    if (!WRITES.has(operation) && !READS.has(operation)) {
      reply(res, await wire.send(headers, raw));
      return;
    }
    const input = JSON.parse(raw.toString("utf8")) as Record<string, unknown>;
    const bucket = classify(operation, input);
    const state = activity.get(bucket) ?? { inFlight: 0, lastEndedAtMs: 0 };
    activity.set(bucket, state);
    state.inFlight += 1;
    try {
      tally.add(`${bucket}.req`);
      tally.add(`${bucket}.req:${operation}`);
      // DynamoDB Local's own figure, kept only to show how far it is from the bill.
      const sent =
        input.ReturnConsumedCapacity === undefined ? { ...input, ReturnConsumedCapacity: "TOTAL" } : input;
      const forward = () => wire.send(headers, Buffer.from(JSON.stringify(sent)));
      const bill = new Bill(tally, bucket, operation);
      const response = WRITES.has(operation)
        ? await billWrite(operation, input, forward, bill)
        : await billRead(operation, input, forward, bill);
      recordLocalCapacity(tally, bucket, operation, response.body);
      if (response.status !== 200 && !bill.billed) tally.add(`${bucket}.err:${operation}`);
      reply(res, response);
    } finally {
      state.inFlight -= 1;
      state.lastEndedAtMs = Date.now();
    }
  }

  // --- Writes ------------------------------------------------------------------------------------------

  interface Target {
    action: ObservedWrite["action"];
    tableName: string;
    key: WireItem;
    /** The action's own request (a Put's Item, an Update's expressions). */
    request: Record<string, unknown>;
  }

  function writeTargets(operation: string, input: Record<string, unknown>): Target[] {
    const tableName = String(input.TableName ?? "");
    if (operation === "PutItem") {
      return [{ action: "Put", tableName, key: key(input.Item as WireItem), request: input }];
    }
    if (operation === "UpdateItem" || operation === "DeleteItem") {
      const action = operation === "UpdateItem" ? "Update" : "Delete";
      return [{ action, tableName, key: key(input.Key as WireItem), request: input }];
    }
    if (operation === "TransactWriteItems") {
      return (input.TransactItems as Record<string, Record<string, unknown>>[]).map((entry) => {
        const [action, request] = Object.entries(entry)[0] as [Target["action"], Record<string, unknown>];
        const item = (action === "Put" ? request.Item : request.Key) as WireItem;
        return { action, tableName: String(request.TableName ?? ""), key: key(item), request };
      });
    }
    // BatchWriteItem
    const targets: Target[] = [];
    for (const [name, requests] of Object.entries(input.RequestItems as Record<string, unknown[]>)) {
      for (const entry of requests as Record<string, Record<string, unknown>>[]) {
        if (entry.PutRequest) {
          const item = entry.PutRequest.Item as WireItem;
          targets.push({ action: "Put", tableName: name, key: key(item), request: entry.PutRequest });
        } else if (entry.DeleteRequest) {
          const item = entry.DeleteRequest.Key as WireItem;
          targets.push({ action: "Delete", tableName: name, key: key(item), request: entry.DeleteRequest });
        }
      }
    }
    return targets;
  }

  async function billWrite(
    operation: string,
    input: Record<string, unknown>,
    forward: () => Promise<WireResponse>,
    bill: Bill,
  ): Promise<WireResponse> {
    const targets = writeTargets(operation, input);
    const transactional = operation === "TransactWriteItems";
    return locks.run(
      targets.map((t) => itemId(t.tableName, t.key)),
      async () => {
        const before = await Promise.all(targets.map((t) => wire.getItem(t.tableName, t.key)));
        const response = await forward();
        try {
          if (response.status === 200) {
            const unprocessed = unprocessedWrites(response.body);
            const done = targets
              .map((target, i) => ({ target, before: before[i] }))
              .filter(({ target }) => !unprocessed.has(itemId(target.tableName, target.key)));
            const after = await Promise.all(
              done.map(({ target }) => wire.getItem(target.tableName, target.key)),
            );
            const writes: ObservedWrite[] = done.map(({ target, before: old }, i) => ({
              action: target.action,
              tableName: target.tableName,
              key: target.key,
              before: old,
              after: after[i],
            }));
            for (const write of writes) {
              bill.write(kind(write.key), committedWrite(write.before, write.after, table, transactional));
            }
            options.onCommit?.({ operation, bucket: bill.bucket, writes });
            return response;
          }
          const failure = errorType(response.body);
          if (failure === "ConditionalCheckFailedException" || failure === "TransactionCanceledException") {
            // A failed conditional write is billed: the larger of the item as it is and as the write would
            // have made it, at least 1 WRU (WorkingWithItems.html#WorkingWithItems.ConditionalUpdate).
            //
            // A cancelled transaction: the Developer Guide says a transaction does two underlying writes of
            // each item, "one to prepare the transaction and one to commit the transaction"
            // (transaction-apis.html#transaction-capacity-handling), and that a failed conditional write still
            // consumes write capacity; it does not state a cancelled transaction's bill (real DynamoDB returns
            // no ConsumedCapacity with TransactionCanceledException). A cancelled transaction has been
            // prepared and not committed, so it is billed here as the prepare writes alone: each item once,
            // sized as a failed conditional write, i.e. half of what the same transaction bills when it commits.
            const attempted = await Promise.all(targets.map((t, i) => attemptedItem(t, before[i])));
            targets.forEach((target, i) => {
              bill.failed(kind(target.key), failedWrite(before[i], attempted[i]));
            });
          }
        } catch (error) {
          tally.add("proxy.billing-errors");
          console.error(`billing proxy: could not bill ${operation}: ${String(error)}`);
        }
        return response;
      },
    );
  }

  /** What a refused write would have stored: a Put's item; an Update replayed, without its condition, on a copy. */
  async function attemptedItem(target: Target, before: WireItem | undefined): Promise<WireItem | undefined> {
    if (target.action === "Put") return target.request.Item as WireItem;
    if (target.action !== "Update") return undefined;
    await wire.call("DeleteItem", { TableName: scratchTable, Key: target.key });
    if (before) await wire.call("PutItem", { TableName: scratchTable, Item: before });
    try {
      const replay = withoutFields(target.request, UPDATE_REPLAY_DROPPED);
      const answer = await wire.call("UpdateItem", {
        ...replay,
        TableName: scratchTable,
        Key: target.key,
        ReturnValues: "ALL_NEW",
      });
      return answer.Attributes as WireItem | undefined;
    } catch {
      // The update cannot apply to the item as it is (e.g. arithmetic on a missing attribute): the item
      // as it is is then the larger one.
      return before;
    }
  }

  // --- Reads -------------------------------------------------------------------------------------------

  async function billRead(
    operation: string,
    input: Record<string, unknown>,
    forward: () => Promise<WireResponse>,
    bill: Bill,
  ): Promise<WireResponse> {
    const response = await forward();
    if (response.status !== 200) return response;
    try {
      if (operation === "GetItem") {
        const item = await wholeItem(input, response.body.Item as WireItem | undefined);
        const mode: ReadMode = input.ConsistentRead === true ? "strong" : "eventual";
        bill.read(kind(input.Key as WireItem), itemReadUnits(item && itemBytes(item), mode));
      } else if (operation === "BatchGetItem") {
        await billBatchGet(input, response.body, bill);
      } else if (operation === "TransactGetItems") {
        const gets = (input.TransactItems as { Get: Record<string, unknown> }[]).map((entry) => entry.Get);
        const answers = (response.body.Responses as { Item?: WireItem }[] | undefined) ?? [];
        for (const [i, get] of gets.entries()) {
          const item = await wholeItem(get, answers[i]?.Item);
          bill.read(kind(get.Key as WireItem), itemReadUnits(item && itemBytes(item), "transactional"));
        }
      } else {
        await billPage(operation, input, response.body, bill);
      }
    } catch (error) {
      tally.add("proxy.billing-errors");
      console.error(`billing proxy: could not bill ${operation}: ${String(error)}`);
    }
    return response;
  }

  /** The item as DynamoDB read (and billed) it: refetched whole when the request projected attributes. */
  async function wholeItem(get: Record<string, unknown>, returned: WireItem | undefined) {
    if (get.ProjectionExpression === undefined && get.AttributesToGet === undefined) return returned;
    return wire.getItem(String(get.TableName ?? ""), get.Key as WireItem);
  }

  async function billBatchGet(input: Record<string, unknown>, body: Record<string, unknown>, bill: Bill) {
    const requested = input.RequestItems as Record<string, Record<string, unknown>>;
    const responses = (body.Responses as Record<string, WireItem[]> | undefined) ?? {};
    const unprocessed = (body.UnprocessedKeys as Record<string, { Keys?: WireItem[] }> | undefined) ?? {};
    for (const [tableName, request] of Object.entries(requested)) {
      const found = new Map((responses[tableName] ?? []).map((item) => [itemId(tableName, key(item)), item]));
      const skipped = new Set((unprocessed[tableName]?.Keys ?? []).map((k) => itemId(tableName, key(k))));
      const mode: ReadMode = request.ConsistentRead === true ? "strong" : "eventual";
      for (const itemKey of request.Keys as WireItem[]) {
        const id = itemId(tableName, key(itemKey));
        if (skipped.has(id)) continue;
        const item = await wholeItem({ ...request, TableName: tableName, Key: itemKey }, found.get(id));
        bill.read(kind(itemKey), itemReadUnits(item && itemBytes(item), mode));
      }
    }
  }

  async function billPage(
    operation: string,
    input: Record<string, unknown>,
    body: Record<string, unknown>,
    bill: Bill,
  ) {
    const narrowed = READ_NARROWING.some(
      (field) => field !== "ReturnConsumedCapacity" && input[field] !== undefined,
    );
    const read = narrowed
      ? ((await wire.call(operation, withoutFields(input, READ_NARROWING))).Items as WireItem[] | undefined)
      : (body.Items as WireItem[] | undefined);
    const items = read ?? [];
    const indexName = typeof input.IndexName === "string" ? input.IndexName : undefined;
    const sizes = items.map((item) => (indexName ? indexEntryBytes(item) : itemBytes(item)));
    // Global secondary indexes are read eventually consistent only.
    const mode = input.ConsistentRead === true && !indexName ? "strong" : "eventual";
    const first = items[0] ?? keyConditionKey(input);
    const where = indexName ? `index:${indexName}` : kind(first);
    bill.read(where, pageReadUnits(sizes, mode));
    tally.add(`${bill.bucket}.items:${operation}`, ((body.Items as unknown[] | undefined) ?? []).length);
  }

  /**
   * For a Query that found nothing, a stand-in key to name what it looked for: the key condition's values in
   * order (partition, then the sort key's bound or prefix).
   */
  function keyConditionKey(input: Record<string, unknown>): WireItem {
    const values = Object.values((input.ExpressionAttributeValues ?? {}) as WireItem);
    const stand: WireItem = {};
    if (values[0]) stand[table.partition] = values[0];
    if (table.sort && values[1]) stand[table.sort] = values[1];
    return stand;
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    tally,
    activity: (bucket) => ({ ...(activity.get(bucket) ?? { inFlight: 0, lastEndedAtMs: 0 }) }),
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await wire.call("DeleteTable", { TableName: scratchTable }).catch(() => undefined);
      wire.close();
    },
  };
}

/** Adds one request's units to the tally under its bucket. */
class Bill {
  billed = false;

  constructor(
    private readonly tally: Tally,
    readonly bucket: string,
    private readonly operation: string,
  ) {}

  write(kind: string, bill: ItemWriteBill): void {
    this.billed = true;
    const { tally, bucket, operation } = this;
    const units = bill.tableUnits + bill.indexUnits;
    tally.add(`${bucket}.wru`, units);
    tally.add(`${bucket}.wru:${operation}`, units);
    tally.add(`${bucket}.wru@${kind}`, bill.tableUnits);
    for (const write of bill.indexWrites) {
      tally.add(`${bucket}.wru@index:${write.index}`, write.units);
      tally.add(`${bucket}.idx.${write.action}`);
    }
  }

  failed(kind: string, bill: ItemWriteBill): void {
    if (!this.billed) this.tally.add(`${this.bucket}.fail:${this.operation}`);
    this.write(kind, bill);
    this.tally.add(`${this.bucket}.failwru`, bill.tableUnits);
  }

  read(kind: string, units: number): void {
    this.billed = true;
    const { tally, bucket, operation } = this;
    tally.add(`${bucket}.rru`, units);
    tally.add(`${bucket}.rru:${operation}`, units);
    tally.add(`${bucket}.rru@${kind}`, units);
  }
}

/** The items of a BatchWriteItem that DynamoDB left unprocessed (not written, not billed). */
function unprocessedWrites(body: Record<string, unknown>): Set<string> {
  const ids = new Set<string>();
  const unprocessed = body.UnprocessedItems as
    | Record<string, Record<string, Record<string, unknown>>[]>
    | undefined;
  for (const [tableName, requests] of Object.entries(unprocessed ?? {})) {
    for (const entry of requests) {
      const item = (entry.PutRequest?.Item ?? entry.DeleteRequest?.Key) as WireItem | undefined;
      if (item) ids.add(itemId(tableName, item));
    }
  }
  return ids;
}

function recordLocalCapacity(tally: Tally, bucket: string, operation: string, body: Record<string, unknown>) {
  const reported = body.ConsumedCapacity;
  const capacities = (Array.isArray(reported) ? reported : reported ? [reported] : []) as {
    CapacityUnits?: number;
  }[];
  const units = capacities.reduce((sum, capacity) => sum + (capacity.CapacityUnits ?? 0), 0);
  tally.add(`${bucket}.local.${WRITES.has(operation) ? "wru" : "rru"}`, units);
}

/**
 * A table with the single table's primary key and nothing else, where a refused UpdateItem is replayed on a
 * copy of its item to learn the item it would have made.
 */
async function createScratchTable(wire: DynamoWire, table: TableShape, name: string): Promise<void> {
  const keys = [
    { AttributeName: table.partition, KeyType: "HASH" },
    ...(table.sort ? [{ AttributeName: table.sort, KeyType: "RANGE" }] : []),
  ];
  try {
    await wire.call("CreateTable", {
      TableName: name,
      BillingMode: "PAY_PER_REQUEST",
      KeySchema: keys,
      AttributeDefinitions: keys.map((k) => ({ AttributeName: k.AttributeName, AttributeType: "S" })),
    });
  } catch (error) {
    if (!String(error).includes("ResourceInUseException")) throw error;
  }
}

/**
 * Per-item locks: `run` holds every named item's lock while `fn` runs. Locks are taken in one global order
 * (sorted ids), so two requests touching the same items cannot wait on each other in a cycle.
 */
export class KeyLocks {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(ids: readonly string[], fn: () => Promise<T>): Promise<T> {
    const releases: (() => void)[] = [];
    try {
      for (const id of [...new Set(ids)].sort()) {
        const previous = this.tails.get(id) ?? Promise.resolve();
        let release: () => void = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        const tail = previous.then(() => held);
        this.tails.set(id, tail);
        releases.push(() => {
          release();
          if (this.tails.get(id) === tail) this.tails.delete(id);
        });
        await previous;
      }
      return await fn();
    } finally {
      for (const release of releases) release();
    }
  }
}

function forwardedHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}

function reply(res: ServerResponse, response: WireResponse): void {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  headers["content-length"] = String(response.raw.byteLength);
  res.writeHead(response.status, headers);
  res.end(response.raw);
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}
