import { ConflictError, NotFoundError } from "../domain/errors";
import { RunTransition } from "../domain/run-change";
import type { RunRecord } from "../domain/run-record";
import { afterCommit } from "../engine/after-commit";
import type { Deps } from "../ports/deps";
import type { TransactItem } from "../store/transact";
import { WriteConflict } from "../store/write-conflict";

const MAX_ATTEMPTS = 5;

/**
 * An API operation on a run (cancel, resume, retry, decide): read the run, let `change` check it and edit
 * the transition (throwing 4xx errors when the run's state forbids it), commit conditionally. A commit that
 * loses to a worker or another request reads again and re-checks, so of two racing requests exactly one
 * wins and the other sees the state the winner left.
 */
export async function changeRun(
  deps: Pick<Deps, "store" | "clock" | "ids" | "queue" | "scheduler">,
  workspaceId: string,
  runId: string,
  change: (run: RunRecord, tx: RunTransition) => Promise<TransactItem[]> | TransactItem[],
): Promise<{ before: RunRecord; after: RunRecord }> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const run = await deps.store.runs.get(workspaceId, runId);
    if (!run) throw new NotFoundError("Workflow run");
    const tx = new RunTransition(run, deps.clock.nowMs(), deps.ids);
    const extra = await change(run, tx);
    const commit = tx.finish();
    try {
      await deps.store.runs.commit([commit], extra);
      await afterCommit(deps, [commit]);
      return { before: run, after: commit.run };
    } catch (error) {
      if (!(error instanceof WriteConflict)) throw error;
    }
  }
  throw new ConflictError("The run is changing too fast; retry");
}
