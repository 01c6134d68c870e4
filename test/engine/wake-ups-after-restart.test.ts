import { describe, expect, it } from "vitest";
import type { RunRecord } from "../../core/domain/run-record";
import { timedWakeAtMs } from "../../core/engine/wake";
import { signUp } from "../helpers/accounts";
import { startLoopbackServer } from "../helpers/loopback-server";
import { createDefinition, startRun } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * The local service's wake-ups are timers and delayed messages in its process: a process that dies takes them
 * along. The next process's start-up sweep rings every unfinished run, and a run not yet due must leave that
 * doorbell with its wake-up armed again, so that it moves on when it was due, not when the periodic sweep
 * would next see it (its sweep bucket, up to 5 minutes later). Here the first engine stops while each run
 * waits, and a second one on the same table (its periodic sweep off) must finish every run on time.
 */

const DUE_IN_MS = 5_000;
const tableName = `test-restart-${Date.now()}`;

async function restartable(): Promise<TestApp> {
  return createTestApp({ TABLE_NAME: tableName, RATE_LIMIT_PER_MINUTE: "1000000" }, { realTime: true });
}

async function until(read: () => Promise<RunRecord | undefined>, done: (run: RunRecord) => boolean) {
  for (const deadline = Date.now() + 10_000; ; ) {
    const run = await read();
    if (run && done(run)) return run;
    if (Date.now() > deadline)
      throw new Error(`${run?.id} is ${run?.status}: ${JSON.stringify(run?.active)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("wake-ups lost with the local process", () => {
  it("are armed again by the next start-up, for a wait, a retry's backoff, an approval's deadline and a debounce window", async () => {
    let calls = 0;
    // Fails its first call, so the step waits out its retry's backoff.
    const flaky = await startLoopbackServer((_request, _body, response) => {
      calls += 1;
      response.writeHead(calls === 1 ? 503 : 200, { "content-type": "application/json" });
      response.end("{}");
    });
    const first = await restartable();
    const { apiKey, workspaceId } = await signUp(first);
    const define = async (name: string, steps: unknown[]) =>
      (await createDefinition(first.request, apiKey, steps, name)).id;
    const noop = { type: "task", name: "after", handler: "noop" };
    const retry = { maxAttempts: 2, backoffMs: DUE_IN_MS };
    const approval = {
      type: "approval",
      name: "check",
      contentKey: "input",
      prompt: "Ship it?",
      timeoutMs: DUE_IN_MS,
      onTimeout: "approve",
    };
    // Each case: what its run is started with, and how it looks while it waits.
    const cases = [
      {
        name: "a wait",
        body: {
          definitionId: await define("wait", [{ type: "wait", name: "pause", durationMs: DUE_IN_MS }, noop]),
        },
        waiting: (run: RunRecord) => run.active?.wait?.kind === "timer",
      },
      {
        name: "a retry's backoff",
        body: {
          definitionId: await define("retry", [
            { type: "task", name: "call", handler: "http", config: { url: flaky }, retry },
            noop,
          ]),
        },
        waiting: (run: RunRecord) => run.active?.retryAtMs != null,
      },
      {
        name: "an approval's deadline",
        body: { definitionId: await define("approval", [approval, noop]) },
        waiting: (run: RunRecord) => run.status === "PAUSED",
      },
      {
        name: "a debounce window",
        body: { definitionId: await define("debounce", [noop]), debounce: { key: "k", periodMs: DUE_IN_MS } },
        waiting: (run: RunRecord) => run.status === "PENDING" && run.debounceWindow !== undefined,
      },
    ];
    const runIds: string[] = [];
    for (const { body } of cases) runIds.push((await startRun(first.request, apiKey, body)).id);
    const read = (runId: string) => first.deps.store.runs.get(workspaceId, runId);
    const dueAtMs = new Map<string, number | undefined>();
    for (const [i, { waiting }] of cases.entries()) {
      const runId = runIds[i] ?? "";
      dueAtMs.set(runId, timedWakeAtMs(await until(() => read(runId), waiting)));
    }

    // The process dies: its timers and delayed messages go with it.
    await first.stop();
    const second = await restartable();
    // The second process's start-up sweep rang every run before it was due: none could simply move on.
    const restartedAtMs = Date.now();
    for (const [i, { name, waiting }] of cases.entries()) {
      const runId = runIds[i] ?? "";
      expect(waiting((await read(runId)) ?? ({} as RunRecord)), name).toBe(true);
      expect(dueAtMs.get(runId), name).toBeGreaterThan(restartedAtMs);
    }
    for (const [i, { name }] of cases.entries()) {
      const runId = runIds[i] ?? "";
      await until(
        () => second.deps.store.runs.get(workspaceId, runId),
        (run) => run.status === "COMPLETED",
      );
      // On time, not when a periodic sweep would have found it.
      expect(Date.now() - (dueAtMs.get(runId) ?? 0), name).toBeLessThan(3_000);
    }
    expect(calls).toBe(2);
  });
});
