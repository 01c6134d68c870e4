import { ConflictError, NotFoundError } from "../domain/errors";
import { RunTransition } from "../domain/run-change";
import type { RunRecord } from "../domain/run-record";
import { type CommitDeps, commitRun, finishTransition } from "../engine/commit-run";
import type { Deps } from "../ports/deps";
import type { RunChange } from "../ports/store";

const MAX_ATTEMPTS = 5;

/** What an operation's change carries besides the transition itself (an approval it settles). */
export type ChangeExtras = Omit<RunChange, "commit">;

export interface OperationEffects {
  /** The operation hands the run back to the engine. */
  ringDoorbell?: boolean;
  /** The operation ends the timer the run was waiting on (when the change ends the wait). */
  cancelSchedule?: boolean;
}

/**
 * An API operation on a run (cancel, resume, retry, decide): read the run, let `change` check it and edit
 * the transition (throwing 4xx errors when the run's state forbids it), commit it through the commit
 * pipeline. A commit that loses to a worker or another request reads again and re-checks, so of two racing
 * requests exactly one wins and the other sees the state the winner left.
 */
export async function changeRun(
  deps: CommitDeps & Pick<Deps, "ids">,
  workspaceId: string,
  runId: string,
  change: (run: RunRecord, tx: RunTransition) => Promise<ChangeExtras | undefined> | ChangeExtras | undefined,
  effects: OperationEffects = {},
): Promise<{ before: RunRecord; after: RunRecord }> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const run = await deps.store.runs.get(workspaceId, runId);
    if (!run) throw new NotFoundError("Workflow run");
    const tx = new RunTransition(run, deps.clock.nowMs(), deps.ids);
    const extras = (await change(run, tx)) ?? {};
    const commit = await finishTransition(deps, tx);
    // A change that leaves the run waiting (a vote short of its quorum, one of several signals) keeps the
    // wait's wake-up: its deadline still has to fire on time.
    const after = commit.run.active;
    const waitEnded = after?.wait == null || after.stepRun.id !== run.active?.stepRun.id;
    const cancelScheduleOf = effects.cancelSchedule && waitEnded ? run : undefined;
    const outcome = await commitRun(
      deps,
      { commit, ...extras },
      { ringDoorbell: effects.ringDoorbell, cancelScheduleOf },
    );
    if (outcome.kind === "committed") return { before: run, after: commit.run };
  }
  throw new ConflictError("The run is changing too fast; retry");
}
