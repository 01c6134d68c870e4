import { performance } from "node:perf_hooks";
import type { EngineHarness } from "./engine-harness";
import { createRuns, type EngineFixture, readRuns, SHORT_WAIT_MS } from "./engine-runs";
import { wakeLateness } from "./step-timing";
import { count, since } from "./tally";

/** The engine bench's measured phases, each as the difference of the meters' snapshots around it. */
export interface PhaseOptions {
  runs: number;
  /** Workers; also how many runs' events are read at once afterwards. */
  concurrency: number;
  /** Run creations in flight at once; they all move the same workspace counters. */
  createConcurrency: number;
}

const SHORT_WAIT_RUNS = 10;
/** A stuck engine fails the bench instead of hanging it. */
const IDLE_TIMEOUT_MS = 5 * 60_000;

async function idleWithin(harness: EngineHarness, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not finish in ${IDLE_TIMEOUT_MS} ms`)),
      IDLE_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([harness.idle(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs of `definitionId` are created while the workers are held (their doorbells wait), then all released
 * at once: creation and execution are measured apart, and the batch's wall time is execution only.
 */
export async function measureBatch(
  harness: EngineHarness,
  fixture: EngineFixture,
  definitionId: string,
  options: PhaseOptions,
) {
  const { deps, tally } = harness;
  harness.holdWorkers();
  const beforeCreation = tally.snapshot();
  const creationStart = performance.now();
  const created = await createRuns(
    deps,
    fixture.workspaceId,
    definitionId,
    options.runs,
    options.createConcurrency,
  );
  const creationMs = performance.now() - creationStart;
  const beforeExecution = tally.snapshot();
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  await harness.releaseWorkers();
  await idleWithin(harness, "the batch");
  const wallMs = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  const afterExecution = tally.snapshot();
  return {
    creation: since(beforeCreation, beforeExecution),
    creationConflicts: created.conflicts,
    execution: since(beforeExecution, afterExecution),
    creationMs,
    wallMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    runs: await readRuns(deps, fixture.workspaceId, created.runIds, options.concurrency),
  };
}

/** Which path a timer takes: a few short waits (≤ 15 min), then one long wait, with the workers running. */
export async function measureWaits(harness: EngineHarness, fixture: EngineFixture, options: PhaseOptions) {
  const { deps, tally } = harness;
  const before = tally.snapshot();
  const short = await createRuns(
    deps,
    fixture.workspaceId,
    fixture.shortWaitDefinitionId,
    SHORT_WAIT_RUNS,
    1,
  );
  await idleWithin(harness, "the short waits");
  const afterShort = tally.snapshot();
  await createRuns(deps, fixture.workspaceId, fixture.longWaitDefinitionId, 1, 1);
  await idleWithin(harness, "the long wait's first step");
  const shortRuns = await readRuns(deps, fixture.workspaceId, short.runIds, options.concurrency);
  const shortPhase = since(before, afterShort);
  return {
    delayedSendsPerShortWait: count(shortPhase, "queue.delayed") / SHORT_WAIT_RUNS,
    schedulesPerShortWait: count(shortPhase, "scheduler.schedule") / SHORT_WAIT_RUNS,
    schedulesPerLongWait: count(since(afterShort, tally.snapshot()), "scheduler.schedule"),
    allShortCompleted: shortRuns.every(({ run }) => run.status === "COMPLETED"),
    wakeLateness: wakeLateness(shortRuns, SHORT_WAIT_MS),
  };
}
