/**
 * Builders for unit tests of the engine's pure logic: runs as the store would hand them to a worker,
 * deterministic ids, and ports that only record what they were asked. Nothing here touches a store.
 */
import type { IdGenerator, IdKind } from "../../../core/domain/ids";
import { IdPrefix } from "../../../core/domain/ids";
import { pendingRun } from "../../../core/domain/new-run";
import type { RetryPolicy } from "../../../core/domain/retry-policy";
import type { StepRun } from "../../../core/domain/run";
import { RunTransition } from "../../../core/domain/run-change";
import type { ActiveStep, Lease, StepWait } from "../../../core/domain/run-cursor";
import type { EngineMessage, RunDoorbell } from "../../../core/domain/run-messages";
import type { RunRecord } from "../../../core/domain/run-record";
import { RunStatus, type StepRunStatus } from "../../../core/domain/statuses";
import type { StepDefinition, TaskStep } from "../../../core/domain/step";
import { isoAt } from "../../../core/domain/time";
import type { Clock } from "../../../core/ports/clock";
import type { Queue } from "../../../core/ports/queue";
import type { Scheduler } from "../../../core/ports/scheduler";

/** A fixed "now" for every test: 2026-01-01T00:00:00.000Z. */
export const T0 = Date.parse("2026-01-01T00:00:00.000Z");
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;

/**
 * Ids as `<prefix>_<n>`, numbered per kind from `first` (1 by default), so tests can name them in advance.
 * The builders' own step run is `stp_1`: a test that starts another step next to it starts from 2.
 */
export function fixedIds(first = 1): IdGenerator {
  const counters = new Map<IdKind, number>();
  const ids = (kind: IdKind) => {
    const n = counters.get(kind) ?? first;
    counters.set(kind, n + 1);
    return `${IdPrefix[kind]}_${n}`;
  };
  return ids;
}

export function task(name: string, extra: Partial<Omit<TaskStep, "type" | "name">> = {}): StepDefinition {
  return { type: "task", name, handler: "noop", config: {}, ...extra };
}

export function retry(policy: Partial<RetryPolicy> = {}): RetryPolicy {
  return { maxAttempts: 3, backoffMs: 1000, backoffMultiplier: 2, maxBackoffMs: 300_000, ...policy };
}

/** A run as created: PENDING, nothing started (with an empty state unless a test gives one). */
export function runRecord(overrides: Partial<RunRecord> = {}): RunRecord {
  const created = pendingRun({
    id: "run_1",
    workspaceId: "wsp_1",
    definitionId: "def_1",
    input: { customer: "Ada" },
    idempotencyKey: null,
    supersessionKey: null,
    createdAt: isoAt(T0 - MINUTE),
  });
  return { ...created, state: {}, seq: 1, defSeq: 1, ...overrides };
}

export function stepRun(overrides: Partial<StepRun> = {}): StepRun {
  return {
    id: "stp_1",
    workflowRunId: "run_1",
    stepName: "a",
    stepType: "task",
    status: "RUNNING",
    attempt: 1,
    input: null,
    output: null,
    error: null,
    startedAt: isoAt(T0 - 10 * SECOND),
    createdAt: isoAt(T0 - 10 * SECOND),
    completedAt: null,
    updatedAt: isoAt(T0 - 10 * SECOND),
    ...overrides,
  };
}

export interface ActiveOptions {
  stepStatus?: StepRunStatus;
  stepName?: string;
  stepIndex?: number;
  attempt?: number;
  lease?: Lease | null;
  wait?: StepWait | null;
  retryAtMs?: number | null;
}

export function active(options: ActiveOptions = {}): ActiveStep {
  return {
    stepRun: stepRun({
      status: options.stepStatus ?? "RUNNING",
      stepName: options.stepName ?? "a",
      attempt: options.attempt ?? 1,
    }),
    stepIndex: options.stepIndex ?? 0,
    lease: options.lease === undefined ? lease("me") : options.lease,
    wait: options.wait ?? null,
    retryAtMs: options.retryAtMs ?? null,
  };
}

/** A lease granted 10 s before T0, running for 10 minutes. */
export function lease(owner: string, overrides: Partial<Lease> = {}): Lease {
  return { owner, grantedAtMs: T0 - 10 * SECOND, untilMs: T0 + 10 * MINUTE, ...overrides };
}

/** A started run (WORKFLOW_STARTED and STEP_STARTED recorded) with its step RUNNING under `me`'s lease. */
export function runningRun(options: ActiveOptions & Partial<RunRecord> = {}): RunRecord {
  const { stepStatus, stepName, stepIndex, attempt, lease: l, wait, retryAtMs, ...run } = options;
  return runRecord({
    status: RunStatus.Running,
    eventSeq: 2,
    stepRunSeq: 1,
    stepsExecuted: 1,
    startedAtMs: T0 - 30 * SECOND,
    active: active({ stepStatus, stepName, stepIndex, attempt, lease: l, wait, retryAtMs }),
    ...run,
  });
}

export function transition(run: RunRecord, nowMs = T0, ids: IdGenerator = fixedIds()): RunTransition {
  return new RunTransition(run, nowMs, ids);
}

/** A clock that stands still; a pause on it is over at once. */
export function fixedClock(nowMs: number): Clock {
  return { nowMs: () => nowMs, sleep: async () => {} };
}

export interface RecordingQueue extends Queue {
  sent: { message: EngineMessage; options: { delayMs?: number } | undefined }[];
}

export function recordingQueue(): RecordingQueue {
  const sent: RecordingQueue["sent"] = [];
  return {
    sent,
    async send(message, options) {
      sent.push({ message, options });
    },
  };
}

export interface RecordingScheduler extends Scheduler {
  scheduled: { name: string; atMs: number; message: RunDoorbell }[];
  cancelled: string[];
}

export function recordingScheduler(): RecordingScheduler {
  const scheduled: RecordingScheduler["scheduled"] = [];
  const cancelled: string[] = [];
  return {
    scheduled,
    cancelled,
    async schedule(name, atMs, message) {
      scheduled.push({ name, atMs, message });
    },
    async scheduleRecurring() {
      throw new Error("the engine schedules no recurring schedule");
    },
    async cancel(name) {
      cancelled.push(name);
    },
  };
}
