import { createApp } from "../../core/api/app";
import { ConflictError } from "../../core/domain/errors";
import type { StoredEvent } from "../../core/domain/run-history";
import type { RunRecord } from "../../core/domain/run-record";
import type { Deps } from "../../core/ports/deps";
import { createRun } from "../../core/runs/create-run";
import type { TaskHandler } from "../../core/steps/handlers/task-handler";

/**
 * The engine bench's workload: a workspace and its definitions made through the API (so they pass the same
 * validation as a user's), runs created by the function the POST /v1/workflow-runs route calls (so the
 * API's own authentication and rate-limit writes stay out of the engine's figures), and the runs' events.
 */
export const NOOP_STEPS = 10;
/**
 * The handler of the side-effect workload's steps: it does nothing, but as a custom handler the engine must
 * assume it reaches outside the run, so each step is committed as started, run, and its outcome committed.
 */
export const SIDE_EFFECT_HANDLER = "touch";
export const SIDE_EFFECT_HANDLERS: Record<string, TaskHandler> = {
  [SIDE_EFFECT_HANDLER]: async () => ({ output: {} }),
};
export const SHORT_WAIT_MS = 1_000;
/** Past SQS's 15-minute DelaySeconds limit, so the engine has to use the Scheduler. */
export const LONG_WAIT_MS = 16 * 60 * 1000;

export interface EngineFixture {
  workspaceId: string;
  noopDefinitionId: string;
  /** The same 10 steps, with the side-effect handler instead of noop. */
  sideEffectDefinitionId: string;
  shortWaitDefinitionId: string;
  longWaitDefinitionId: string;
}

const task = (handler: string) => (name: string) => ({ type: "task", name, handler });
const noop = task("noop");

export async function createEngineFixture(deps: Deps): Promise<EngineFixture> {
  const app = createApp(deps, { clientAddress: () => "127.0.0.1" });
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await app.request(path, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as { data: Record<string, unknown> };
  };
  const signup = await post("/v1/dashboard-auth/signup", {
    email: "engine-bench@example.com",
    password: "engine bench password",
    workspaceName: "Engine bench",
  });
  const { apiKey, workspace } = signup.data as { apiKey: { key: string }; workspace: { id: string } };
  const define = async (name: string, steps: unknown[]) => {
    const created = await post(
      "/v1/workflow-definitions",
      { name, version: "1", steps },
      { "x-api-key": apiKey.key },
    );
    return String(created.data.id);
  };
  const tenSteps = (step: (name: string) => unknown) =>
    Array.from({ length: NOOP_STEPS }, (_, i) => step(`step-${i + 1}`));
  const waitThenNoop = (durationMs: number) => [{ type: "wait", name: "pause", durationMs }, noop("after")];
  return {
    workspaceId: workspace.id,
    noopDefinitionId: await define("noop-10", tenSteps(noop)),
    sideEffectDefinitionId: await define(`${SIDE_EFFECT_HANDLER}-10`, tenSteps(task(SIDE_EFFECT_HANDLER))),
    shortWaitDefinitionId: await define("short-wait", waitThenNoop(SHORT_WAIT_MS)),
    longWaitDefinitionId: await define("long-wait", waitThenNoop(LONG_WAIT_MS)),
  };
}

/** A creation that lost too many races on its supersession key answers 409 "retry"; the bench retries as a client would. */
const MAX_CREATE_TRIES = 50;

/**
 * Creates `count` runs with at most `parallel` creations in flight; returns their ids in creation order and
 * how many creations gave up with a 409 and were retried.
 */
export async function createRuns(
  deps: Deps,
  workspaceId: string,
  definitionId: string,
  count: number,
  parallel: number,
): Promise<{ runIds: string[]; conflicts: number }> {
  let conflicts = 0;
  const runIds = await mapPool(Array.from({ length: count }), parallel, async () => {
    for (let tries = 1; ; tries++) {
      try {
        const { run } = await createRun(deps, workspaceId, {
          definitionId,
          input: {},
          supersedeExisting: false,
        });
        return run.id;
      } catch (error) {
        if (!(error instanceof ConflictError) || tries >= MAX_CREATE_TRIES) throw error;
        conflicts += 1;
        // Jitter, so the retrying creators do not collide again in lockstep.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
      }
    }
  });
  return { runIds, conflicts };
}

export interface RunWithEvents {
  run: RunRecord;
  events: StoredEvent[];
}

/** Each run as stored now, with all of its events oldest first. */
export async function readRuns(
  deps: Deps,
  workspaceId: string,
  runIds: readonly string[],
  parallel: number,
): Promise<RunWithEvents[]> {
  return mapPool(runIds, parallel, async (runId) => {
    const run = await deps.store.runs.get(workspaceId, runId);
    if (!run) throw new Error(`run ${runId} is missing`);
    return { run, events: await deps.store.runs.events(run, 1, run.eventSeq) };
  });
}

/** `fn` over `items` with at most `limit` calls in flight; results in the items' order. */
async function mapPool<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
