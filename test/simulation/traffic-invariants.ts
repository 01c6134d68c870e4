/**
 * Debounce and supersession modes (docs/triggers.md, "Debounce and supersession modes"), checked against what
 * was written: one window per key at a time, each starting with its last input once its period passed quietly,
 * every debounced creation answered with the window it joined; a run superseded `after_current_step`
 * ending only once the step it was executing had come to an outcome, starting no step meanwhile; and
 * `queue_latest` keeping the started runs of its key and queueing only the newest behind them.
 */
import { isDeepStrictEqual } from "node:util";
import type { StepRun } from "../../core/domain/run";
import type { StoredEvent } from "../../core/domain/run-history";
import type { RunRecord } from "../../core/domain/run-record";
import { listedDefinitionId } from "../../core/domain/run-revisions";
import { holdsSlot, slotWaitsFor } from "../../core/domain/run-slots";
import { RunStatus, StepRunStatus } from "../../core/domain/statuses";
import type { Write } from "./history";
import type { Evidence } from "./invariants";

type Flag = (invariant: string, runId: string | null, detail: string) => void;

/** Step types whose attempt ends by starting to wait: superseded then, the step is cancelled with its run. */
const WAITING_STEP_TYPES = new Set(["wait", "external_event", "approval", "parallel", "map", "sub_workflow"]);

export function checkTraffic(
  evidence: Evidence,
  writesByRun: ReadonlyMap<string, Write[]>,
  flag: Flag,
): void {
  debouncedAnswers(evidence, writesByRun, flag);
  oneWindowAtATime(evidence, writesByRun, flag);
  for (const { run, history } of evidence.dump.runs) {
    const writes = writesByRun.get(run.id) ?? [];
    lastInputStarts(run, history.events, writes, flag);
    supersededAfterItsStep(run, history.stepRuns, writes, flag);
  }
  queueLatestKeepsStartedRuns(evidence, flag);
  oneRunningOneQueued(evidence, flag);
}

/** Created with `supersedeMode: "queue_latest"`: the run waits for its supersession key's slot. */
export const queuedLatest = (run: RunRecord) =>
  run.slot !== undefined && slotWaitsFor(run.slot) === "supersession";

/** A `queue_latest` creation supersedes only runs of its key that had not started; a started one runs on. */
function queueLatestKeepsStartedRuns({ dump }: Evidence, flag: Flag) {
  const latest = new Set(dump.runs.flatMap(({ run }) => (queuedLatest(run) ? [run.id] : [])));
  for (const { run, history } of dump.runs) {
    const by = history.events.find((event) => event.eventType === "WORKFLOW_SUPERSEDED")?.payload
      .supersededBy;
    const started = history.events.some((event) => event.eventType === "WORKFLOW_STARTED");
    if (typeof by === "string" && latest.has(by) && started)
      flag("queue_latest keeps started runs", run.id, `started, then superseded by ${by}`);
  }
}

/**
 * Of a supersession key whose runs were all created with `queue_latest`, at most one is started and unended,
 * and at most one waits, after every write the store accepted, replayed in order.
 */
function oneRunningOneQueued({ dump, writes }: Evidence, flag: Flag) {
  const byKey = new Map<string, RunRecord[]>();
  for (const { run } of dump.runs) {
    if (run.supersessionKey === null) continue;
    byKey.set(run.supersessionKey, [...(byKey.get(run.supersessionKey) ?? []), run]);
  }
  for (const [key, runs] of byKey) {
    if (!runs.every(queuedLatest)) continue;
    const ofKey = new Set(runs.map((run) => run.id));
    const statuses = new Map<string, RunStatus>();
    const ofKeyWrites = writes.filter((write) => ofKey.has(write.runId));
    for (const [i, write] of ofKeyWrites.entries()) {
      statuses.set(write.runId, write.status);
      // A creation and the supersessions it commits are one transaction: recorded as writes of one instant.
      if (ofKeyWrites[i + 1]?.at === write.at) continue;
      const now = [...statuses.values()];
      const running = now.filter(holdsSlot).length;
      const queued = now.filter((status) => status === RunStatus.Pending).length;
      if (running > 1 || queued > 1) {
        flag(
          "queue_latest: one running, one queued",
          write.runId,
          `${key}: ${running} started and unended, ${queued} queued at write ${write.at}`,
        );
      }
    }
  }
}

/** Every debounced creation was answered with a run of its definition and key, which held its input. */
function debouncedAnswers(
  { dump, creations }: Evidence,
  writesByRun: ReadonlyMap<string, Write[]>,
  flag: Flag,
) {
  const runs = new Map(dump.runs.map(({ run }) => [run.id, run]));
  for (const { runId, debounced, idempotencyKey } of creations) {
    // A repeated idempotency key answers the run the key's first creation made, debounced or not.
    if (!debounced || idempotencyKey !== undefined) continue;
    const run = runs.get(runId);
    if (!run) continue;
    const held = (writesByRun.get(runId) ?? []).some((write) => write.debounce?.input.tag === debounced.tag);
    if (listedDefinitionId(run) !== debounced.definitionId || run.input.group !== debounced.key || !held) {
      flag(
        "debounced into its window",
        runId,
        `creation ${debounced.tag} (key ${debounced.key}) answered this run`,
      );
    }
  }
}

/** A key's window opens only once the previous one has closed: its period passed, or its run started or ended. */
function oneWindowAtATime({ dump }: Evidence, writesByRun: ReadonlyMap<string, Write[]>, flag: Flag) {
  const opened = dump.runs
    .map(({ run }) => ({ run, write: (writesByRun.get(run.id) ?? []).find((w) => w.fromVersion === 0) }))
    .filter(({ write }) => write?.debounce !== undefined);
  for (const { run, write } of opened) {
    for (const other of opened) {
      if (
        other.run === run ||
        scopeOf(other.run) !== scopeOf(run) ||
        (other.write?.at ?? 0) > (write?.at ?? 0)
      )
        continue;
      const before = (writesByRun.get(other.run.id) ?? []).filter((w) => w.at < (write?.at ?? 0)).at(-1);
      if (before?.debounce && before.debounce.startAtMs > Date.parse(run.createdAt)) {
        flag("one debounce window at a time", run.id, `opened while ${other.run.id}'s window was open`);
      }
    }
  }
}

/** A debounced run starts once, with the input its last join left, no earlier than its window's close. */
function lastInputStarts(
  run: RunRecord,
  events: readonly StoredEvent[],
  writes: readonly Write[],
  flag: Flag,
) {
  const startWrite = writes.find((write) =>
    write.events.some((event) => event.eventType === "WORKFLOW_STARTED"),
  );
  const last = writes.filter((write) => write.debounce && write.at < (startWrite?.at ?? Infinity)).at(-1);
  const started = events.find((event) => event.eventType === "WORKFLOW_STARTED");
  if (!last?.debounce || !started) return;
  if (!isDeepStrictEqual(started.payload.input, last.debounce.input)) {
    flag(
      "debounced run starts with the last input",
      run.id,
      `started with ${JSON.stringify(started.payload.input)}`,
    );
  }
  if (Date.parse(started.createdAt) < last.debounce.startAtMs) {
    flag("debounced run starts after a quiet period", run.id, `started at ${started.createdAt}`);
  }
}

/**
 * A run marked to be superseded `after_current_step` starts no step while marked, and when the engine ends it
 * SUPERSEDED, the step it was executing came to an outcome (COMPLETED or FAILED), or started to wait, or, an
 * agent, committed the unit in flight (docs/agents.md: it is cancelled there, its turns kept).
 */
function supersededAfterItsStep(
  run: RunRecord,
  stepRuns: readonly StepRun[],
  writes: readonly Write[],
  flag: Flag,
) {
  const markAt = writes.findIndex((write) => write.supersedeAfterStep);
  if (markAt === -1) return;
  const stepRunId = writes[markAt]?.supersedeAfterStep?.activeStepRunId;
  const rest = writes.slice(markAt + 1);
  const endAt = rest.findIndex((write) => !write.supersedeAfterStep);
  for (const write of endAt === -1 ? rest : rest.slice(0, endAt)) {
    if (write.events.some((event) => event.eventType === "STEP_STARTED"))
      flag("no step starts after a supersession after_current_step", run.id, `write #${write.at}`);
  }
  const end = rest[endAt];
  if (end?.role !== "advance" || end.status !== RunStatus.Superseded) return;
  const step = end.stepRuns.find((stepRun) => stepRun.id === stepRunId);
  // An ended run keeps the step it ended on as its active one, not among its finished step runs.
  const active = run.active?.stepRun.id === stepRunId ? run.active?.stepRun : undefined;
  const type = (stepRuns.find((stepRun) => stepRun.id === stepRunId) ?? active)?.stepType ?? "";
  const outcome =
    step?.status === StepRunStatus.Completed ||
    step?.status === StepRunStatus.Failed ||
    (step?.status === StepRunStatus.Cancelled && (WAITING_STEP_TYPES.has(type) || type === "agent"));
  if (!outcome) {
    flag(
      "superseded after its step",
      run.id,
      `step ${stepRunId} (${type}) was ${step?.status ?? "not in the write"}`,
    );
  }
}

function scopeOf(run: RunRecord): string {
  return `${listedDefinitionId(run)}#${String(run.input.group)}`;
}
