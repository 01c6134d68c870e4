/**
 * What was written, as the writers saw it: every change the store accepted, in the order it accepted them,
 * with who wrote it. The store's dump says where runs ended; this says how they got there, which is what
 * the status tables are checked against, and which commits were a retry's.
 */
import type { StoredEvent } from "../../core/domain/run-history";
import type { RunRecord } from "../../core/domain/run-record";
import type { RunStatus, StepRunStatus } from "../../core/domain/statuses";
import type { RunChange } from "../../core/ports/store";
import type { Actor } from "./interleaver";

export interface StepRunWrite {
  id: string;
  status: StepRunStatus;
  attempt: number;
}

export interface Write {
  /** Position in the schedule's history. */
  at: number;
  by: string;
  role: string;
  runId: string;
  /** The version the writer read; 0 for the run's creation. */
  fromVersion: number;
  status: RunStatus;
  /** The step runs the change touched and the active one, as the change left them. */
  stepRuns: StepRunWrite[];
  events: Pick<StoredEvent, "seq" | "eventType" | "stepRunId">[];
  /** The cost record of the attempt the change ends, when it made model calls: the ledger counts it. */
  costId?: string;
  /** The version an upgrade waits to land on, as the change left the run, and the step it waits for. */
  pendingUpgrade?: { definitionId: string; activeStepRunId: string | null; eventSeq: number };
  /** A debounced run before it starts, as the change left it: its input and when it starts. */
  debounce?: { input: Record<string, unknown>; startAtMs: number };
  /** A supersession `after_current_step` waiting for the step it marked, as the change left the run. */
  supersedeAfterStep?: { by: string; activeStepRunId: string | null };
  /** The run's active step run as the change left it: one that failed an attempt and will retry stays active. */
  activeStepRunId?: string;
  /** An agent step where the change left it: its committed turns, whether tools are due, its transcript. */
  agent?: { stepRunId: string; turns: number; toolsPending: boolean; transcript: string };
}

/** What a write leaves of a run's debounce window and its pending supersession. */
function trafficFields(run: RunRecord): Pick<Write, "debounce" | "supersedeAfterStep"> {
  return {
    ...(run.debounceWindow &&
      run.status === "PENDING" && {
        debounce: { input: run.input, startAtMs: run.debounceWindow.startAtMs },
      }),
    ...(run.supersedeAfterStep && {
      supersedeAfterStep: { by: run.supersedeAfterStep.by, activeStepRunId: run.active?.stepRun.id ?? null },
    }),
  };
}

export function creationWrite(run: RunRecord, at: number, actor: Actor): Write {
  return {
    at,
    by: actor.name,
    role: actor.role,
    runId: run.id,
    fromVersion: 0,
    status: run.status,
    stepRuns: [],
    events: [],
    ...trafficFields(run),
  };
}

export function changeWrite(change: RunChange, at: number, actor: Actor): Write {
  const { run, events, stepRuns, expectedVersion } = change.commit;
  const touched = run.active ? [...stepRuns, run.active.stepRun] : stepRuns;
  return {
    at,
    by: actor.name,
    role: actor.role,
    runId: run.id,
    fromVersion: expectedVersion,
    status: run.status,
    stepRuns: touched.map(({ id, status, attempt }) => ({ id, status, attempt })),
    events: events.map(({ seq, eventType, stepRunId }) => ({ seq, eventType, stepRunId })),
    ...trafficFields(run),
    ...(change.cost?.calls.length && { costId: change.cost.id }),
    ...(run.active && { activeStepRunId: run.active.stepRun.id }),
    ...(run.active?.agent && {
      agent: {
        stepRunId: run.active.stepRun.id,
        turns: run.active.agent.turns,
        toolsPending: run.active.agent.toolsPending,
        transcript: run.active.agent.transcript,
      },
    }),
    ...(run.upgrade && {
      pendingUpgrade: {
        definitionId: run.upgrade.definitionId,
        activeStepRunId: run.active?.stepRun.id ?? null,
        eventSeq: run.eventSeq,
      },
    }),
  };
}
