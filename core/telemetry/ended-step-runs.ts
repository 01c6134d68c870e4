import type { StepRun } from "../domain/run";
import type { RunCommit } from "../domain/run-commit";
import { StepRunStatus } from "../domain/statuses";

export type EndedStepRun = StepRun & { startedAt: string; completedAt: string };

const ENDED: ReadonlySet<string> = new Set([StepRunStatus.Completed, StepRunStatus.Failed]);

/**
 * The step attempts a commit ended (completed or failed), each with its start and end. A failed attempt
 * stays the run's active step (a retry, or POST .../retry, starts it again), so it is read from the run
 * when the commit recorded its STEP_FAILED; the others are among the commit's snapshots.
 */
export function endedStepRuns(commit: RunCommit): EndedStepRun[] {
  const active = commit.run.active?.stepRun;
  const endedNow =
    active !== undefined &&
    commit.events.some((event) => event.stepRunId === active.id && event.eventType === "STEP_FAILED");
  return [...commit.stepRuns, ...(endedNow ? [active] : [])].filter(
    (stepRun): stepRun is EndedStepRun =>
      ENDED.has(stepRun.status) && stepRun.startedAt !== null && stepRun.completedAt !== null,
  );
}
