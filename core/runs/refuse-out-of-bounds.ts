import { ValidationError } from "../domain/errors";
import type { RunRecord } from "../domain/run-record";
import type { StepDefinition } from "../domain/step";
import { keepCompleted } from "../engine/rules/apply-outcome";

/**
 * A signal or an approval's edit completes the run's waiting step with data the caller sent: when that
 * data would carry the step past a bound (its output, the state), the request is refused with a 400 naming
 * the field, and the run keeps waiting, instead of the run failing on the caller's mistake.
 */
export function refuseOutOfBounds(
  run: RunRecord,
  steps: readonly StepDefinition[],
  outcome: { output: Record<string, unknown> },
  field: string,
): void {
  const step = run.active ? steps[run.active.stepIndex] : undefined;
  if (!step) return;
  const kept = keepCompleted(run, step, outcome);
  if (kept instanceof Error) {
    throw new ValidationError(kept.message, {
      details: { code: kept.code, issues: [{ path: field, message: kept.message }] },
    });
  }
}
