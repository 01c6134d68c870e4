import { performance } from "node:perf_hooks";
import type { RunRecord } from "../../core/domain/run-record";
import { LIVE_RUN_STATUSES } from "../../core/domain/statuses";
import {
  type ApiClient,
  observeRun,
  type Receiver,
  RUN_INPUT,
  sleep,
  type Workspace,
} from "./cost-workloads";
import type { DynamoWire } from "./dynamo-wire";

/**
 * A batch of runs of an http workflow created over the HTTP API while the service's workers run, followed to
 * their end. Its rate is the steps the batch's runs executed over the batch's span as the runs themselves
 * record it: from the first run's creation to the last one's final commit (`updatedAt`), creation included.
 */
export interface RunBatch {
  runs: RunRecord[];
  /** The bench's own time from the first creation request to the last creation's answer. */
  creationMs: number;
  spanMs: number;
  steps: number;
  stepsPerSecond: number;
}

export interface RunBatchOptions {
  api: ApiClient;
  dynamo: DynamoWire;
  tableName: string;
  workspace: Workspace;
  definitionId: string;
  /** The receiver the workflow's http steps call, and the path they call. */
  receiver: Receiver;
  receiverPath: string;
  stepsPerRun: number;
  runs: number;
  /** Creation requests in flight at once. */
  createConcurrency: number;
}

const DEADLINE_MS = 5 * 60_000;
/** Reads of the runs' items, once every step has called the receiver: few, so the bench's reads weigh little. */
const POLL_MS = 100;
const READS_AT_ONCE = 16;

export async function runBatch(options: RunBatchOptions): Promise<RunBatch> {
  const { api, receiver, receiverPath } = options;
  const deadline = Date.now() + DEADLINE_MS;
  const callsBefore = receiver.count(receiverPath);
  const runIds: string[] = [];
  const started = performance.now();
  let next = 0;
  const creator = async () => {
    while (next < options.runs) {
      next += 1;
      const run = await api.call<{ id: string }>("POST", "/v1/workflow-runs", options.workspace.apiKey, {
        definitionId: options.definitionId,
        input: RUN_INPUT,
      });
      runIds.push(run.id);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.createConcurrency, options.runs) }, creator));
  const creationMs = performance.now() - started;

  // Every step has called the receiver: only the runs' last commits are left.
  const calls = options.runs * options.stepsPerRun;
  while (receiver.count(receiverPath) - callsBefore < calls) {
    if (Date.now() > deadline) throw new Error("the batch's http steps did not all run before the deadline");
    await sleep(10);
  }
  const runs = new Map<string, RunRecord>();
  for (;;) {
    const open = runIds.filter((id) => {
      const status = runs.get(id)?.status;
      return status === undefined || LIVE_RUN_STATUSES.includes(status);
    });
    if (open.length === 0) break;
    if (Date.now() > deadline)
      throw new Error(`${open.length} runs of the batch did not end before the deadline`);
    for (let i = 0; i < open.length; i += READS_AT_ONCE) {
      const read = await Promise.all(
        open
          .slice(i, i + READS_AT_ONCE)
          .map((id) => observeRun(options.dynamo, options.tableName, options.workspace.id, id)),
      );
      for (const run of read) runs.set(run.id, run);
    }
    await sleep(POLL_MS);
  }
  const all = runIds.map((id) => runs.get(id) as RunRecord);
  const firstCreated = Math.min(...all.map((run) => Date.parse(run.createdAt)));
  const lastCommitted = Math.max(...all.map((run) => Date.parse(run.updatedAt)));
  const spanMs = lastCommitted - firstCreated;
  const steps = all.reduce((sum, run) => sum + run.stepsExecuted, 0);
  return { runs: all, creationMs, spanMs, steps, stepsPerSecond: (steps / spanMs) * 1000 };
}
