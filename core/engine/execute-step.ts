import type { RunRecord } from "../domain/run-record";
import type { StepDefinition } from "../domain/step";
import type { StepRunner } from "../domain/step-context";
import { StepError, stepErrorFields } from "../domain/step-error";
import type { StepOutcome } from "../domain/step-outcome";
import type { Logger } from "../ports/logger";

/**
 * One attempt of the run's active step. Whatever the executor throws becomes the attempt's failure, never
 * the worker's: a StepError keeps its code and says whether a retry can help (a bound the run's data
 * crossed never can); anything else is unexpected and may well pass on a retry.
 */
export async function executeStep(
  runner: StepRunner,
  run: RunRecord,
  steps: readonly StepDefinition[],
  nowMs: number,
  log: Logger,
): Promise<StepOutcome> {
  const active = run.active;
  const step = active ? steps[active.stepIndex] : undefined;
  if (!active || !step) return { kind: "failed", error: "The run's cursor names no step", retryable: false };
  try {
    return await runner.execute({ step, run, stepRun: active.stepRun, nowMs });
  } catch (error) {
    if (error instanceof StepError) {
      return { kind: "failed", error: error.message, ...stepErrorFields(error) };
    }
    log.warn({ err: error, stepName: step.name }, "step threw");
    return { kind: "failed", error: error instanceof Error ? error.message : String(error), retryable: true };
  }
}
