import type { StepRun } from "../domain/run";
import type { StepDefinition } from "../domain/step";
import type { RunRecord } from "../engine/run-record";
import type { StepOutcome } from "../engine/step-outcome";

/** What an executor sees of the run: the step, the run as committed, the step run, and the time. */
export interface StepContext<S extends StepDefinition = StepDefinition> {
  step: S;
  run: RunRecord;
  stepRun: StepRun;
  nowMs: number;
}

/** Runs one attempt of one step type. Throwing is a retryable failure; a StepError says more. */
export type StepExecutor<S extends StepDefinition = StepDefinition> = (
  context: StepContext<S>,
) => Promise<StepOutcome>;
