import { ConflictError, ValidationError } from "../domain/errors";
import { slotWaitsFor } from "../domain/run-slots";
import { RunStatus, StepRunStatus } from "../domain/statuses";
import type { CommitDeps } from "../engine/commit-run";
import type { Deps } from "../ports/deps";
import { changeRun } from "./change-run";

/**
 * Restarts a FAILED run from its failed step (spec 4.4 rule 4): the step gets a new attempt at once, with
 * the state the run had when it failed. A run that is not FAILED, or failed without a failed step (the
 * step limit), is a 400.
 */
export async function retryRun(
  deps: CommitDeps & Pick<Deps, "ids">,
  workspaceId: string,
  runId: string,
): Promise<{ retried: true; stepName: string }> {
  let stepName = "";
  await changeRun(
    deps,
    workspaceId,
    runId,
    async (run, tx) => {
      const active = run.active;
      if (run.status !== RunStatus.Failed || active?.stepRun.status !== StepRunStatus.Failed) {
        throw new ValidationError(
          run.status === RunStatus.Failed
            ? "The run has no failed step to retry"
            : `Only a FAILED run can be retried; this one is ${run.status}`,
        );
      }
      // A retried run takes its slot again at once, ahead of the queue: it had started already.
      if (run.slot) {
        const { holders } = await deps.store.runs.slot(workspaceId, run.slot.key, 0);
        if (holders.length >= run.slot.limit) {
          throw new ConflictError(
            slotWaitsFor(run.slot) === "supersession"
              ? "Another run of the run's supersession key (queue_latest) is running; retry once it ends"
              : `The run's concurrency limit (${run.slot.limit}) is reached; retry once a run of its key ends`,
          );
        }
      }
      stepName = active.stepRun.stepName;
      tx.setRunStatus(RunStatus.Running);
      tx.requireActive().retryAtMs = tx.nowMs;
      tx.record(
        "STEP_RETRYING",
        { stepName, attempt: active.stepRun.attempt + 1, delayMs: 0, error: active.stepRun.error },
        active.stepRun.id,
      );
      return undefined;
    },
    { ringDoorbell: true },
  );
  return { retried: true, stepName };
}
