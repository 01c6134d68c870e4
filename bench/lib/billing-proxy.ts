import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { TableShape, WireItem } from "./billed-units";
import { DynamoWire, keyOf, TARGET_PREFIX } from "./dynamo-wire";
import { KeyLocks } from "./key-locks";
import { forwardedHeaders, readBody, reply } from "./proxy-http";
import { billRead } from "./read-billing";
import { Bill } from "./request-bill";
import { Tally } from "./tally";
import { createScratchTable } from "./update-replay";
import { weftTableShape } from "./weft-table-shape";
import { billWrite, type WriteBillingContext } from "./write-billing";
import type { ObservedCommit } from "./write-targets";

export { KeyLocks } from "./key-locks";
export { weftTableShape } from "./weft-table-shape";
export type { ObservedCommit, ObservedWrite } from "./write-targets";

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
  /** The table's keys and indexes; defaults to the single table of core/adapters/dynamodb/table/table.ts. */
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

export interface BillingProxy {
  endpoint: string;
  tally: Tally;
  /** Requests of the bucket in flight now, and when the last one ended (0 if none yet). */
  activity(bucket: string): { inFlight: number; lastEndedAtMs: number };
  stop(): Promise<void>;
}

const WRITES = new Set(["PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems"]);
const READS = new Set(["GetItem", "BatchGetItem", "TransactGetItems", "Query", "Scan"]);

export async function startBillingProxy(options: BillingProxyOptions): Promise<BillingProxy> {
  const table = options.table ?? weftTableShape();
  const classify = options.classify ?? (() => "work");
  const kindOf = options.kindOf ?? (() => "item");
  const wire = new DynamoWire(options.target);
  const tally = options.tally ?? new Tally();
  const activity = new Map<string, { inFlight: number; lastEndedAtMs: number }>();
  const scratchTable = `billing-proxy-scratch-${randomBytes(4).toString("hex")}`;
  await createScratchTable(wire, table, scratchTable);

  const key = (item: WireItem) => keyOf(item, table.partition, table.sort);
  const context: WriteBillingContext = {
    wire,
    table,
    key,
    kind: (item) => kindOf(key(item)),
    locks: new KeyLocks(),
    scratchTable,
    onCommit: options.onCommit,
  };

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
        ? await billWrite(context, operation, input, forward, bill)
        : await billRead(context, operation, input, forward, bill);
      recordLocalCapacity(tally, bucket, operation, response.body);
      if (response.status !== 200 && !bill.billed) tally.add(`${bucket}.err:${operation}`);
      reply(res, response);
    } finally {
      state.inFlight -= 1;
      state.lastEndedAtMs = Date.now();
    }
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

function recordLocalCapacity(tally: Tally, bucket: string, operation: string, body: Record<string, unknown>) {
  const reported = body.ConsumedCapacity;
  const capacities = (Array.isArray(reported) ? reported : reported ? [reported] : []) as {
    CapacityUnits?: number;
  }[];
  const units = capacities.reduce((sum, capacity) => sum + (capacity.CapacityUnits ?? 0), 0);
  tally.add(`${bucket}.local.${WRITES.has(operation) ? "wru" : "rru"}`, units);
}
