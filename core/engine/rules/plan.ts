import { isStopped } from "../../domain/cost-ledger";
import { mustTellParent } from "../../domain/run-lineage";
import type { RunRecord } from "../../domain/run-record";
import { RunStatus, StepRunStatus } from "../../domain/statuses";

/** Who is asking: the worker invocation (owner of leases it takes) and the process it runs in. */
export interface WorkerIdentity {
  /** Unique per advanceRun invocation, so two deliveries in one process do not share a lease. */
  owner: string;
  /**
   * Locally one process serves a data directory, so a lease granted before this process started belongs
   * to a process that has died: it may be taken over at once instead of after it runs out. Undefined where
   * workers run side by side (Lambda), where only an expired lease may be taken over.
   */
  takeOverLeasesGrantedBeforeMs: number | undefined;
}

/**
 * A plan whose whole move is an edit of the transition (claim.ts): the worker commits it, then executes the
 * step it left RUNNING under the worker's lease, if any.
 */
export type ClaimPlan =
  | { kind: "start-run" }
  | { kind: "take-over" }
  | { kind: "start-next" }
  | { kind: "retry-step" }
  | { kind: "timer-elapsed" }
  | { kind: "deadline-passed" }
  | { kind: "nudge-due" }
  | { kind: "land-upgrade"; definitionId: string };

/** What the run needs now (spec 3.3 steps 2-5), decided from the run item alone. */
export type Plan =
  | ClaimPlan
  | { kind: "nothing" }
  | { kind: "execute" }
  | { kind: "children-check" }
  | { kind: "tell-parent" }
  | { kind: "cancel-children" }
  | { kind: "roll-up-costs" };

export function planNext(run: RunRecord, nowMs: number, worker: WorkerIdentity): Plan {
  const plan = planMove(run, nowMs, worker);
  // A stopped run that still holds unrolled cost sums (its rollup lost to another): they are rolled up.
  if (plan.kind === "nothing" && run.costLedger && isStopped(run)) return { kind: "roll-up-costs" };
  return plan;
}

function planMove(run: RunRecord, nowMs: number, worker: WorkerIdentity): Plan {
  // First, what a change already committed left to do: the children it stopped waiting for, cancelled.
  if (run.childrenToCancel?.length) return { kind: "cancel-children" };
  const active = run.active;
  switch (run.status) {
    case RunStatus.Pending:
      // A debounced run starts when its window closes (its own wake-up rings then).
      return (run.debounceWindow?.startAtMs ?? 0) > nowMs ? { kind: "nothing" } : { kind: "start-run" };
    case RunStatus.Running: {
      // An upgrade waiting for a step boundary: the run is at one.
      if (!active && run.upgrade) return { kind: "land-upgrade", definitionId: run.upgrade.definitionId };
      if (!active) return run.nextStepName === null ? { kind: "nothing" } : { kind: "start-next" };
      if (active.stepRun.status === StepRunStatus.Failed) {
        return active.retryAtMs !== null && active.retryAtMs <= nowMs
          ? { kind: "retry-step" }
          : { kind: "nothing" };
      }
      if (active.stepRun.status !== StepRunStatus.Running) return { kind: "nothing" };
      if (active.lease?.owner === worker.owner && active.lease.untilMs > nowMs) return { kind: "execute" };
      if (!active.lease || active.lease.untilMs <= nowMs) return { kind: "take-over" };
      const startedAtMs = worker.takeOverLeasesGrantedBeforeMs;
      if (startedAtMs !== undefined && active.lease.grantedAtMs < startedAtMs) return { kind: "take-over" };
      // Another worker is on it; if it dies, its lease runs out and the sweeper rings again.
      return { kind: "nothing" };
    }
    case RunStatus.Waiting:
    case RunStatus.Paused: {
      const wait = active?.wait;
      if (!wait) return { kind: "nothing" };
      // Whatever rang (a child that ended, the sweeper), the children's records say whether anything changed.
      if (wait.kind === "children") return { kind: "children-check" };
      if (wait.kind === "timer")
        return wait.untilMs <= nowMs ? { kind: "timer-elapsed" } : { kind: "nothing" };
      if (wait.deadlineMs !== null && wait.deadlineMs <= nowMs) return { kind: "deadline-passed" };
      const nudge = wait.kind === "approval" ? wait.nudges?.[0] : undefined;
      return nudge && nudge.atMs <= nowMs ? { kind: "nudge-due" } : { kind: "nothing" };
    }
    default:
      // COMPLETED, CANCELLED and SUPERSEDED are final; FAILED waits for the retry endpoint. A child run that
      // ended makes sure its parent has heard (docs/flow.md, "Child runs").
      return mustTellParent(run) ? { kind: "tell-parent" } : { kind: "nothing" };
  }
}
