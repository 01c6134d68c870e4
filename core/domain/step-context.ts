import type { StepRun } from "./run";
import type { RunRecord } from "./run-record";
import type { StepDefinition } from "./step";
import type { StepOutcome } from "./step-outcome";

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

/** Every step type behind one interface: what the engine is given, so it knows no step type itself. */
export interface StepRunner {
  execute(context: StepContext): Promise<StepOutcome>;
  /**
   * Whether running the step reaches outside the run (a request, a model call, a custom handler). Steps
   * that do not may run again after a crash without anyone noticing, so the engine commits a sequence of
   * them at once instead of one commit each.
   */
  hasSideEffects(step: StepDefinition): boolean;
}
