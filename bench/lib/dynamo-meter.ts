import { performance } from "node:perf_hooks";
import type { ConsumedCapacity, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import type { Tally } from "./tally";

/**
 * Counts every DynamoDB request the engine makes and what DynamoDB says it consumed. Registered on the
 * low-level client before the document client wraps it: the document client shares that middleware stack,
 * so every store call passes through here. At the initialize step a request is seen once, before the SDK's
 * own retries, which is also how DynamoDB bills (a throttled attempt costs nothing).
 *
 * Counter names: `ddb.req:<Command>`, `ddb.commit` (a write of a run at its expected version: a commit, whether
 * a single put or a transaction), `ddb.fail:<Command>`, `ddb.ms:<Command>`, `ddb.rru:<Command>`,
 * `ddb.wru:<Command>`, and `ddb.wru@<table|index>` / `ddb.rru@<table|index>` for where the units went.
 */
const ACCEPTS_CONSUMED_CAPACITY = new Set([
  "GetItem",
  "PutItem",
  "UpdateItem",
  "DeleteItem",
  "Query",
  "Scan",
  "BatchGetItem",
  "BatchWriteItem",
  "TransactGetItems",
  "TransactWriteItems",
  "ExecuteStatement",
  "BatchExecuteStatement",
  "ExecuteTransaction",
]);

const READS = new Set(["GetItem", "Query", "Scan", "BatchGetItem", "TransactGetItems"]);

export function meterDynamo(client: DynamoDBClient, tally: Tally): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const command = (context.commandName ?? "Unknown").replace(/Command$/, "");
      // INDEXES rather than TOTAL: the same total, plus how much of it went to the table and to each GSI.
      const input = ACCEPTS_CONSUMED_CAPACITY.has(command)
        ? Object.assign({}, args.input, { ReturnConsumedCapacity: "INDEXES" as const })
        : args.input;
      const started = performance.now();
      tally.add(`ddb.req:${command}`);
      if (commitsRun(command, args.input)) tally.add("ddb.commit");
      try {
        const result = await next({ ...args, input });
        record(tally, command, result.output);
        return result;
      } catch (error) {
        // DynamoDB Local returns no ConsumedCapacity with a failed request; real DynamoDB bills a failed
        // conditional write as a write. Failures are counted so that gap is visible.
        tally.add(`ddb.fail:${command}`);
        throw error;
      } finally {
        tally.add(`ddb.ms:${command}`, performance.now() - started);
      }
    },
    { step: "initialize", name: "benchDynamoMeter", override: true },
  );
}

function record(tally: Tally, command: string, output: object): void {
  const reported = "ConsumedCapacity" in output ? output.ConsumedCapacity : undefined;
  const capacities = (Array.isArray(reported) ? reported : [reported]).filter(isCapacity);
  const kind = READS.has(command) ? "rru" : "wru";
  for (const capacity of capacities) {
    // On-demand tables report CapacityUnits; the read/write split only exists for some operations.
    const reads = capacity.ReadCapacityUnits ?? (kind === "rru" ? (capacity.CapacityUnits ?? 0) : 0);
    const writes = capacity.WriteCapacityUnits ?? (kind === "wru" ? (capacity.CapacityUnits ?? 0) : 0);
    tally.add(`ddb.rru:${command}`, reads);
    tally.add(`ddb.wru:${command}`, writes);
    const parts: [string, ConsumedCapacity["Table"]][] = [
      ["table", capacity.Table],
      ...Object.entries(capacity.GlobalSecondaryIndexes ?? {}),
      ...Object.entries(capacity.LocalSecondaryIndexes ?? {}),
    ];
    for (const [where, units] of parts) {
      if (units?.CapacityUnits !== undefined) tally.add(`ddb.${kind}@${where}`, units.CapacityUnits);
    }
  }
}

/** The commit pipeline's condition on a run item (core/adapters/dynamodb/runs/run-items.ts). */
const RUN_VERSION_CONDITION = "version = :expected";

function commitsRun(command: string, input: unknown): boolean {
  const conditioned = (write: unknown) =>
    (write as { ConditionExpression?: string } | undefined)?.ConditionExpression === RUN_VERSION_CONDITION;
  if (command === "PutItem") return conditioned(input);
  if (command !== "TransactWriteItems") return false;
  const items = (input as { TransactItems?: { Put?: unknown }[] }).TransactItems ?? [];
  return items.some((item) => conditioned(item.Put));
}

function isCapacity(value: unknown): value is ConsumedCapacity {
  return typeof value === "object" && value !== null;
}
