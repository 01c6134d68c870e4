import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { createDocumentClient, createDynamoClient } from "../../core/adapters/dynamodb/table/dynamo-client";
import { runClosedLoop } from "./closed-loop";
import type { Samples } from "./stats";

/**
 * DynamoDB Local's own rate of the write a step's commit is: a PutItem of a run item conditional on
 * `version = :expected`, with the service's client setup (the document client, which marshals as the run
 * store's does). `callers` loop at once, each on an item of its own (a copy of `item` in a partition of its
 * own), as each worker commits its own run; every put moves its item's version on by one, so each one's
 * condition is checked against the version its caller wrote last, as a worker's commit is.
 */
export interface ConditionalWriteRate {
  /** Runs the closed loop for `durationMs`; call it more than once to measure before and after other work. */
  measure(durationMs: number): Promise<Samples>;
  close(): void;
}

export async function prepareConditionalWrites(options: {
  endpoint: string;
  region: string;
  tableName: string;
  /** A run item as the engine wrote it, in native values (keys included). */
  item: Record<string, unknown>;
  callers: number;
}): Promise<ConditionalWriteRate> {
  const dynamo = createDynamoClient({ region: options.region, endpoint: options.endpoint });
  const client = createDocumentClient(dynamo);
  const versions = Array.from({ length: options.callers }, () => 0);
  const itemOf = (caller: number, version: number) => ({
    ...options.item,
    pk: `BENCH#CONDITIONAL-WRITE#${caller}`,
    version,
  });
  // Each caller's item exists before the loop, so every measured put is a conditional replace.
  await Promise.all(
    versions.map((_, caller) =>
      client.send(new PutCommand({ TableName: options.tableName, Item: itemOf(caller, 0) })),
    ),
  );
  // The closed loop's callers are anonymous: each put takes an item no other put holds, and frees it after.
  const free = versions.map((_, caller) => caller);
  const put = async (): Promise<boolean> => {
    const caller = free.pop();
    if (caller === undefined) throw new Error("more puts in flight than callers");
    try {
      const expected = versions[caller] ?? 0;
      await client.send(
        new PutCommand({
          TableName: options.tableName,
          Item: itemOf(caller, expected + 1),
          ConditionExpression: "version = :expected",
          ExpressionAttributeValues: { ":expected": expected },
        }),
      );
      versions[caller] = expected + 1;
      return true;
    } finally {
      free.push(caller);
    }
  };
  return {
    measure: (durationMs) => runClosedLoop(options.callers, durationMs, put),
    close: () => dynamo.destroy(),
  };
}
