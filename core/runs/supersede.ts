import { RunTransition } from "../domain/run-change";
import type { RunRecord } from "../domain/run-record";
import { LIVE_RUN_STATUSES, RunStatus } from "../domain/statuses";
import { finishTransition } from "../engine/commit-run";
import { endActiveStep } from "../engine/end-active-step";
import type { Deps } from "../ports/deps";
import type { RunChange, RunsStore } from "../ports/store";

/**
 * The live runs that share a supersession key, marked SUPERSEDED by `newRunId` (decisions section 4), as
 * changes for the creating commit. Read from the key's index (eventually consistent), so a run created a
 * moment ago may be missed by a concurrent creation; each change's version check keeps what it finds right.
 */
export async function supersedeChanges(
  deps: Pick<Deps, "clock" | "ids" | "mailer"> & { store: RunsStore },
  workspaceId: string,
  supersessionKey: string,
  newRunId: string,
): Promise<{ changes: RunChange[]; superseded: RunRecord[] }> {
  const candidates = await deps.store.runs.withSupersessionKey(workspaceId, supersessionKey);
  const live = candidates.filter((run) => LIVE_RUN_STATUSES.includes(run.status));
  const changes: RunChange[] = [];
  for (const run of live) {
    const tx = new RunTransition(run, deps.clock.nowMs(), deps.ids);
    tx.setRunStatus(RunStatus.Superseded);
    const settleApproval = await endActiveStep(deps, tx);
    tx.record("WORKFLOW_SUPERSEDED", { supersededBy: newRunId });
    const commit = await finishTransition(deps, tx);
    changes.push({ commit, ...(settleApproval ? { settleApproval } : {}) });
  }
  return { changes, superseded: live };
}
