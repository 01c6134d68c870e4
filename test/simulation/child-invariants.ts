/**
 * Child runs (docs/flow.md, "Child runs"), checked after the drain: a child its parent no longer waits for
 * (the parent ended, was cancelled or superseded, or its step stopped waiting) has been cancelled with it, even
 * when the process that committed the parent's change died before cancelling it. A child retried on its own
 * after it failed (the retry endpoint) is the user's to run, its parent's wait over or not.
 */
import { liveChildIds } from "../../core/domain/child-runs";
import { LIVE_RUN_STATUSES } from "../../core/domain/statuses";
import type { Evidence } from "./invariants";

type Flag = (invariant: string, runId: string | null, detail: string) => void;

export function noOrphanedChild({ dump }: Evidence, flag: Flag): void {
  const runs = new Map(dump.runs.map(({ run }) => [run.id, run]));
  for (const { run, history } of dump.runs) {
    if (run.childrenToCancel?.length) {
      flag(
        "no orphaned child",
        run.id,
        `still lists children to cancel after the drain: ${run.childrenToCancel}`,
      );
    }
    if (!run.parent || !LIVE_RUN_STATUSES.includes(run.status)) continue;
    // A child that failed and was retried on its own runs again whether its parent still waits or not.
    if (history.events.some((event) => event.eventType === "WORKFLOW_FAILED")) continue;
    const parent = runs.get(run.parent.runId);
    if (parent && liveChildIds(parent).includes(run.id)) continue;
    flag(
      "no orphaned child",
      run.id,
      `${run.status} after the drain, its parent ${parent ? `${parent.status}, not waiting for it` : "missing"}`,
    );
  }
}

/**
 * An ended child whose parent no longer waits for it (its outcome taken, or the wait over) has been marked
 * told by the drain's end, which takes it out of the sweep index: by the commit of its parent that took its
 * outcome, or, when that process died first, by its own worker once the sweeper rang it.
 */
export function endedChildTold({ dump }: Evidence, flag: Flag): void {
  const runs = new Map(dump.runs.map(({ run }) => [run.id, run]));
  for (const { run } of dump.runs) {
    if (!run.parent || LIVE_RUN_STATUSES.includes(run.status) || run.parentTold) continue;
    const parent = runs.get(run.parent.runId);
    if (parent && liveChildIds(parent).includes(run.id)) continue;
    flag("an ended child is told", run.id, `${run.status}, its parent no longer waits, still not told`);
  }
}
