import { RunTransition } from "../domain/run-change";
import type { RunRecord } from "../domain/run-record";
import { LIVE_RUN_STATUSES, RunStatus } from "../domain/statuses";
import type { Deps } from "../ports/deps";
import { runListPartitions } from "../store/index-keys";
import type { TransactItem } from "../store/transact";
import { endActiveStep } from "./end-active-step";

/**
 * The live runs that share a supersession key, marked SUPERSEDED by `newRunId` (decisions section 4), as
 * commits for the creating transaction. Read from the key's index (eventually consistent), so a run created
 * a moment ago may be missed by a concurrent creation; each commit's version check keeps what it finds right.
 */
export async function supersedeCommits(
  deps: Pick<Deps, "store" | "clock" | "ids">,
  workspaceId: string,
  supersessionKey: string,
  newRunId: string,
): Promise<{
  commits: ReturnType<RunTransition["finish"]>[];
  extra: TransactItem[];
  superseded: RunRecord[];
}> {
  const pk = runListPartitions.bySupersessionKey(workspaceId, supersessionKey);
  const candidates = await deps.store.runLists.runs(await deps.store.runLists.allKeys("gsi4", pk));
  const live = candidates.filter((run) => LIVE_RUN_STATUSES.includes(run.status));
  const commits = [];
  const extra: TransactItem[] = [];
  for (const run of live) {
    const tx = new RunTransition(run, deps.clock.nowMs(), deps.ids);
    tx.setRunStatus(RunStatus.Superseded);
    extra.push(...(await endActiveStep(deps, tx)));
    tx.record("WORKFLOW_SUPERSEDED", { supersededBy: newRunId });
    commits.push(tx.finish());
  }
  return { commits, extra, superseded: live };
}
