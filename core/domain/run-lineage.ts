import type { StepRun } from "./run";
import { LIVE_RUN_STATUSES, type RunStatus } from "./statuses";
import type { StepScope } from "./step-lists";

/** The run a child run was started by, and where in it (RunRecord.parent). */
export interface ParentLink {
  runId: string;
  stepRunId: string;
  stepName: string;
  attempt: number;
  kind: "sub_workflow" | "branch" | "item";
  /** The branch's or item's index (0 for a sub-workflow). */
  index: number;
  /** 1 for a child of a top-level run. */
  depth: number;
}

/**
 * A rerun's start (docs/flow.md, "Rerun from a step"): the source run's step runs to copy as completed, and
 * the step to continue at. The run's start records the copies and drops this.
 */
export interface RerunStart {
  fromStep: string;
  /** The source's step runs, as they were; each becomes a COMPLETED step run of this run. */
  copied: StepRun[];
}

/**
 * Where the run comes from and what it owes the runs around it: its parent (docs/flow.md, "Child runs"), the
 * run it reruns, the children it still has to cancel. Written by the child-run rules and the rerun's start.
 */
export interface RunLineage {
  /** A child run's parent. Absent on runs started through the API. */
  parent?: ParentLink;
  /** A branch's or item's run: the nested list of its definition it executes. Absent: the definition's own. */
  scope?: StepScope;
  /** The bound the run's failure crossed (WORKFLOW_FAILED's `code`), for its parent to take. Absent: none. */
  failureCode?: string;
  /**
   * A child run that ended: its parent has taken its outcome (or no longer waits for it). Until then the child
   * stays in the sweep index and rings its parent again, so a lost ring cannot leave the parent waiting.
   */
  parentTold?: true;
  /**
   * Child runs a committed change stopped waiting for (the run ended, was cancelled or superseded, or its step
   * ended with children still live), until they are cancelled. Kept on the run so the cancellation survives a
   * crash after the commit: the run stays in the sweep index, and whoever advances it next cancels them first.
   */
  childrenToCancel?: string[];
  /** The run this one reruns. */
  rerunOf?: string;
  /** Until the run starts: where a rerun starts and what it copies. */
  rerunStart?: RerunStart;
}

/** A child run that ended and has not yet seen its parent take its outcome. */
export function mustTellParent(run: RunLineage & { status: RunStatus }): boolean {
  return run.parent !== undefined && !LIVE_RUN_STATUSES.includes(run.status) && run.parentTold !== true;
}
