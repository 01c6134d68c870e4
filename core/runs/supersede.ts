import type { SupersedeMode } from "../domain/run";
import { RunTransition } from "../domain/run-change";
import type { RunRecord } from "../domain/run-record";
import { holdsSlot } from "../domain/run-slots";
import { LIVE_RUN_STATUSES, RunStatus, StepRunStatus } from "../domain/statuses";
import { finishTransition } from "../engine/commit-run";
import { endActiveStep } from "../engine/end-active-step";
import type { Deps } from "../ports/deps";
import type { RunChange, RunsStore } from "../ports/store";

/** A live run's change in the creating commit: `ended` is the run as read when the change supersedes it. */
export interface SupersessionChange {
  change: RunChange;
  ended?: RunRecord;
}

/**
 * The live runs that share a supersession key, marked SUPERSEDED by `newRunId` (decisions section 4), as
 * changes for the creating commit. Read from the key's index (eventually consistent), so a run created a
 * moment ago may be missed by a concurrent creation; each change's version check keeps what it finds right.
 *
 * With `after_current_step`, a run executing a step (RUNNING, its step RUNNING) is only marked: the engine
 * ends it SUPERSEDED when that step's attempt ends (engine/supersede-at-step-end.ts). Any other live run is
 * not executing a step and is superseded at once, as with `cancel_running`.
 *
 * With `queue_latest`, a started run (RUNNING, WAITING, PAUSED), whatever mode created it, is left to end: the
 * new run waits for it (engine/admission.ts). Only the queued ones (PENDING) are superseded.
 */
export async function supersedeChanges(
  deps: Pick<Deps, "clock" | "ids" | "mailer"> & { store: RunsStore },
  workspaceId: string,
  supersessionKey: string,
  newRunId: string,
  mode: SupersedeMode = "cancel_running",
): Promise<SupersessionChange[]> {
  const candidates = await deps.store.runs.liveWithSupersessionKey(workspaceId, supersessionKey);
  const live = candidates.filter(
    (run) => LIVE_RUN_STATUSES.includes(run.status) && !(mode === "queue_latest" && holdsSlot(run.status)),
  );
  const changes: SupersessionChange[] = [];
  for (const run of live) {
    const tx = new RunTransition(run, deps.clock.nowMs(), deps.ids);
    if (mode === "after_current_step" && executingStep(run)) {
      tx.run.supersedeAfterStep = { by: newRunId };
      changes.push({ change: { commit: await finishTransition(deps, tx) } });
      continue;
    }
    tx.setRunStatus(RunStatus.Superseded);
    const settleApproval = await endActiveStep(deps, tx);
    tx.record("WORKFLOW_SUPERSEDED", { supersededBy: newRunId });
    const commit = await finishTransition(deps, tx);
    changes.push({ change: { commit, ...(settleApproval ? { settleApproval } : {}) }, ended: run });
  }
  return changes;
}

function executingStep(run: RunRecord): boolean {
  return run.status === RunStatus.Running && run.active?.stepRun.status === StepRunStatus.Running;
}
