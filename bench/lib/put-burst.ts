import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { runItem } from "../../core/adapters/dynamodb/runs/run-items";
import { createDocumentClient, createDynamoClient } from "../../core/adapters/dynamodb/table/dynamo-client";
import { pendingRun } from "../../core/domain/new-run";
import { RUN_INPUT } from "./cost-workloads";
import { inLanes } from "./lanes";

/** Conditional PutItems of run items, `concurrency` at a time, each timed, with the service's client setup. */
export async function putBurst(
  endpoint: string,
  runs: number,
  concurrency: number,
  label: string,
): Promise<number[]> {
  const client = createDocumentClient(createDynamoClient({ region: "us-east-1", endpoint }));
  const latenciesMs: number[] = [];
  await inLanes(runs, concurrency, async (i) => {
    const run = pendingRun({
      id: `run_${label}${String(i).padStart(8, "0")}`,
      workspaceId: "wsp_raw",
      definitionId: "def_raw",
      input: RUN_INPUT,
      idempotencyKey: null,
      supersessionKey: null,
      createdAt: new Date().toISOString(),
    });
    const started = performance.now();
    await client.send(
      new PutCommand({
        TableName: "weft",
        Item: runItem({ ...run, seq: i + 1, defSeq: i + 1 }),
        ConditionExpression: "attribute_not_exists(pk)",
      }),
    );
    latenciesMs.push(performance.now() - started);
  });
  client.destroy();
  return latenciesMs;
}
