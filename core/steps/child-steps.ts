import { BoundCode, LIMITS } from "../domain/limits";
import { readPath } from "../domain/state-path";
import type { MapStep, ParallelStep, SubWorkflowStep } from "../domain/step";
import type { StepExecutor } from "../domain/step-context";
import { StepFailureCode } from "../domain/step-error";
import type { StepOutcome } from "../domain/step-outcome";
import { renderTemplate } from "./template";

/**
 * The steps that run child runs (docs/flow.md, "Child runs"): each says how many children it has and how
 * many may run at once; the engine starts them after the commit and folds their outcomes in as they end.
 */
export const subWorkflowExecutor: StepExecutor<SubWorkflowStep> = async ({ step, run }) => {
  const input = renderTemplate(step.input, { input: run.input, state: run.state }, LIMITS.runInputBytes);
  return tooDeep(run.parent?.depth) ?? { kind: "children", input: input as never, total: 1, concurrency: 1 };
};

export const parallelExecutor: StepExecutor<ParallelStep> = async ({ step, run }) => {
  const total = step.branches.length;
  const input = { branches: step.branches.map((branch) => branch.name), join: step.join };
  return tooDeep(run.parent?.depth) ?? { kind: "children", input, total, concurrency: total };
};

export const mapExecutor: StepExecutor<MapStep> = async ({ step, run }) => {
  const items = readPath(run.state, step.itemsKey);
  const input = { itemsKey: step.itemsKey, maxConcurrency: step.maxConcurrency };
  if (!Array.isArray(items)) {
    const error = `${step.itemsKey} is not an array in the state`;
    return { kind: "failed", input, error, retryable: false, code: StepFailureCode.CHILD_CONFIG };
  }
  if (items.length > LIMITS.mapItems) {
    const error = `${step.itemsKey} holds ${items.length} items; a map step takes at most ${LIMITS.mapItems}`;
    return { kind: "failed", input, error, retryable: false, code: BoundCode.TOO_MANY_ITEMS };
  }
  if (items.length === 0) return { kind: "completed", input, output: { items: [] }, stateValue: [] };
  const total = items.length;
  return (
    tooDeep(run.parent?.depth) ?? {
      kind: "children",
      input: { ...input, items: total },
      total,
      concurrency: step.maxConcurrency,
    }
  );
};

/** A run already this deep cannot start children: a sub-workflow that calls itself ends here. */
function tooDeep(depth: number | undefined): StepOutcome | undefined {
  if ((depth ?? 0) < LIMITS.childRunDepth) return undefined;
  return {
    kind: "failed",
    error: `Child runs nest ${LIMITS.childRunDepth} levels deep; no deeper`,
    retryable: false,
    code: BoundCode.NESTING_TOO_DEEP,
  };
}
