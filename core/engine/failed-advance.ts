import { BoundCode, LIMITS } from "../domain/limits";
import { RunTransition } from "../domain/run-change";
import type { RunRecord } from "../domain/run-record";
import { commitRun, finishTransition } from "./commit-run";
import type { TransitionDeps } from "./commit-transition";
import { failForGood } from "./rules/apply-outcome";

/**
 * Counts a delivery that failed before it could commit, in the run itself (doorbells come and go; the count
 * must not); at the bound the run fails with the reason, so one run whose data trips something unforeseen
 * cannot come back through the queue forever. A store too unwell to take this small write is not the run's
 * fault, and the run is then left as it was.
 */
export async function countFailedAdvance(
  deps: TransitionDeps,
  run: RunRecord,
  error: unknown,
): Promise<void> {
  const failures = (run.failedAdvances ?? 0) + 1;
  const tx = new RunTransition(run, deps.clock.nowMs(), deps.ids);
  tx.run.failedAdvances = failures;
  if (failures >= LIMITS.failedAdvances) {
    const reason = error instanceof Error ? error.message : String(error);
    failForGood(
      tx,
      `Advancing the run failed ${failures} times before it could be saved: ${reason}`,
      BoundCode.ADVANCE_FAILED,
    );
  }
  try {
    await commitRun(deps, { commit: await finishTransition(deps, tx) });
  } catch (countError) {
    deps.log.warn({ err: countError, runId: run.id }, "could not count a failed advance");
  }
}
