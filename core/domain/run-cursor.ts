import type { AgentProgress } from "./agent-step";
import type { StepRun } from "./run";

export interface Lease {
  /** The worker process that is executing the step. */
  owner: string;
  grantedAtMs: number;
  /** After this, another worker may assume the owner died and take the step over. */
  untilMs: number;
}

export type StepWait =
  | { kind: "timer"; untilMs: number }
  | {
      kind: "signal";
      /** The one type waited for; with `signalTypes`, the first of them. */
      signalType: string;
      deadlineMs: number | null;
      /** Several types (docs/flow.md): any of them, or all of them, by `mode`. */
      signalTypes?: string[];
      mode?: "any" | "all";
      /** With mode all: the payloads received so far, by type. */
      received?: Record<string, Record<string, unknown>>;
    }
  | ChildrenWait
  | {
      kind: "approval";
      approvalRequestId: string;
      deadlineMs: number | null;
      /** Reminders and the escalation still to come, soonest first; absent when none are left. */
      nudges?: ApprovalNudge[];
    };

/**
 * A parallel, map or sub_workflow step waiting for its child runs (docs/flow.md, "Child runs"). Child `i`
 * of the attempt has a derived id (childRunId), so creating it again is harmless; children 0..started-1 have
 * been started, and those with a result have ended and been folded in.
 */
export interface ChildrenWait {
  kind: "children";
  /** Children the step has in all: its branches, its items, or 1. */
  total: number;
  started: number;
  /** By child index; null while the child is live. */
  results: (ChildResult | null)[];
  /** Children this commit started, or found missing: created (idempotently) after it commits. */
  launch: number[];
  /**
   * After children were launched: when the run checks they exist (the effect that creates them may have been
   * lost with its process). Null once they all did. A lost ring of a child that ended is the child's to repeat
   * (RunRecord.parentTold), so a run waiting on children that wait for people costs nothing meanwhile.
   */
  pollAtMs: number | null;
  deadlineMs: null;
  /** A sub_workflow step naming its workflow by name: the definition the child runs, as resolved at the start. */
  definitionId?: string;
}

export interface ChildResult {
  status: "COMPLETED" | "FAILED";
  /** A sub-workflow's output; a branch's or item's: the state keys its steps wrote. */
  output?: unknown;
  error?: string;
  /** The bound a FAILED child's failure crossed (RunRecord.failureCode). */
  code?: string;
}

/** A wake-up of a paused approval that leaves it open: a reminder, or the escalation. */
export interface ApprovalNudge {
  atMs: number;
  kind: "reminder" | "escalation";
  /** The reminder's number, from 1. */
  reminder?: number;
}

/** When a wait next needs the engine: its timer, or the soonest of its deadline and its next nudge. */
export function waitDueAtMs(wait: StepWait): number | undefined {
  if (wait.kind === "timer") return wait.untilMs;
  if (wait.kind === "children") return wait.pollAtMs ?? undefined;
  const nudgeAtMs = wait.kind === "approval" ? wait.nudges?.[0]?.atMs : undefined;
  if (nudgeAtMs === undefined) return wait.deadlineMs ?? undefined;
  return wait.deadlineMs === null ? nudgeAtMs : Math.min(nudgeAtMs, wait.deadlineMs);
}

/** The step run the cursor is on, with what it waits for. Its latest snapshot is also in the journal. */
export interface ActiveStep {
  stepRun: StepRun;
  stepIndex: number;
  lease: Lease | null;
  wait: StepWait | null;
  /** When a failed attempt's retry is due. */
  retryAtMs: number | null;
  /** An agent step's committed turns; kept across its attempts, so a retry goes on from the last of them. */
  agent?: AgentProgress;
}

/**
 * Where the run stands (the cursor): its state, the step it is on or starts next, and the counts that number
 * what it records. Written by the engine's commits alone; every change is conditional on `version`.
 */
export interface RunCursor {
  state: Record<string, unknown>;
  version: number;
  /** Events recorded so far; event n has sequence number n (1-based), which pages the event list. */
  eventSeq: number;
  stepRunSeq: number;
  /** Step executions started so far, loops included: the 1000-step guard counts these. */
  stepsExecuted: number;
  active: ActiveStep | null;
  /** The step to start next when no step is active (after a signal, a timer, a decision or a start). */
  nextStepName: string | null;
  startedAtMs: number | null;
  /**
   * Deliveries in a row that failed before they could commit (a store error, a bug): counted in the run
   * itself because doorbells come and go, and the run fails when they reach the bound. Absent when zero.
   */
  failedAdvances?: number;
  /**
   * The run whose step counter counts this run's step executions with those of every run of its tree
   * (step-counter.ts): the run itself once it has started child runs, its root for a child run. Absent: the
   * run counts its own (`stepsExecuted`).
   */
  stepCounter?: string;
}
