import { ConflictError } from "../domain/errors";
import { FINAL_RUN_STATUSES, RunStatus } from "../domain/statuses";
import { wakeScheduleName } from "../engine/wake";
import type { Deps } from "../ports/deps";
import { changeRun } from "./change-run";
import { endActiveStep } from "./end-active-step";

/** Cancels a live run (spec 4.4 rule 2): its step is cancelled, its pending timer removed. */
export async function cancelRun(
  deps: Pick<Deps, "store" | "clock" | "ids" | "queue" | "scheduler">,
  workspaceId: string,
  runId: string,
) {
  const { before, after } = await changeRun(deps, workspaceId, runId, async (run, tx) => {
    if (FINAL_RUN_STATUSES.includes(run.status) || run.status === RunStatus.Failed) {
      throw new ConflictError(`A ${run.status} run cannot be cancelled`);
    }
    tx.setRunStatus(RunStatus.Cancelled);
    const extra = await endActiveStep(deps, tx);
    tx.run.nextStepName = null;
    tx.record("WORKFLOW_CANCELLED", {});
    return extra;
  });
  const schedule = wakeScheduleName(before);
  if (schedule) await deps.scheduler.cancel(schedule);
  return { id: after.id, status: after.status, updatedAt: after.updatedAt };
}
