import { ConflictError } from "../domain/errors";
import { FINAL_RUN_STATUSES, RunStatus } from "../domain/statuses";
import { cancelTransition } from "../engine/child-runs";
import type { CommitDeps } from "../engine/commit-run";
import type { Deps } from "../ports/deps";
import { changeRun } from "./change-run";

/** Cancels a live run (spec 4.4 rule 2): its step is cancelled, its pending timer and its child runs too. */
export async function cancelRun(deps: CommitDeps & Pick<Deps, "ids">, workspaceId: string, runId: string) {
  const { after } = await changeRun(
    deps,
    workspaceId,
    runId,
    async (run, tx) => {
      if (FINAL_RUN_STATUSES.includes(run.status) || run.status === RunStatus.Failed) {
        throw new ConflictError(`A ${run.status} run cannot be cancelled`);
      }
      return { settleApproval: await cancelTransition(deps, tx) };
    },
    { cancelSchedule: true },
  );
  return { id: after.id, status: after.status, updatedAt: after.updatedAt };
}
