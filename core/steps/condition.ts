import { readPath } from "../domain/state-path";
import type { ConditionStep } from "../domain/step";
import type { StepExecutor } from "../domain/step-context";

/** `condition`: walks `expression` into the state; truthy continues at `trueStep`, else at `falseStep`. */
export const conditionExecutor: StepExecutor<ConditionStep> = async ({ step, run }) => {
  const result = Boolean(readPath(run.state, step.expression));
  const nextStepName = result ? step.trueStep : step.falseStep;
  return {
    kind: "completed",
    input: { expression: step.expression },
    output: { result, nextStep: nextStepName },
    nextStepName,
  };
};
