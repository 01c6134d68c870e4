import { ConflictError } from "../domain/errors";
import { FINAL_RUN_STATUSES, RunStatus } from "../domain/statuses";
import type { CommitDeps } from "../engine/commit-run";
import type { Deps } from "../ports/deps";
import { changeRun } from "./change-run";
import { endActiveStep } from "./end-active-step";

/** Cancels a live run (spec 4.4 rule 2): its step is cancelled, its pending timer removed. */
export async function cancelRun(deps: CommitDeps & Pick<Deps, "ids">, workspaceId: string, runId: string) {
  const { after } = await changeRun(
    deps,
    workspaceId,
    runId,
    async (run, tx) => {
      if (FINAL_RUN_STATUSES.includes(run.status) || run.status === RunStatus.Failed) {
        throw new ConflictError(`A ${run.status} run cannot be cancelled`);
      }
      tx.setRunStatus(RunStatus.Cancelled);
      const settleApproval = await endActiveStep(deps, tx);
      tx.run.nextStepName = null;
      tx.record("WORKFLOW_CANCELLED", {});
      return { settleApproval };
    },
    { cancelSchedule: true },
  );
  return { id: after.id, status: after.status, updatedAt: after.updatedAt };
}
