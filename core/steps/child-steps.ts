import { BoundCode, LIMITS } from "../domain/limits";
import { readPath } from "../domain/state-path";
import type { MapStep, ParallelStep, SubWorkflowStep } from "../domain/step";
import type { StepExecutor } from "../domain/step-context";
import { StepFailureCode } from "../domain/step-error";
import type { StepOutcome } from "../domain/step-outcome";
import type { DefinitionStore } from "../ports/store";
import { renderTemplate } from "./template";

/**
 * The steps that run child runs (docs/flow.md, "Child runs"): each says how many children it has and how
 * many may run at once; the engine starts them after the commit and folds their outcomes in as they end.
 */
export function createSubWorkflowExecutor(
  definitions: Pick<DefinitionStore, "latest">,
): StepExecutor<SubWorkflowStep> {
  return async ({ step, run }) => {
    const input = renderTemplate(step.input, { input: run.input, state: run.state }, LIMITS.runInputBytes);
    const deep = tooDeep(run.parent?.depth);
    if (deep) return deep;
    const children = { kind: "children", input: input as never, total: 1, concurrency: 1 } as const;
    if (step.definitionName === undefined) return children;
    // A name is resolved when the step starts, once: the outcome records it, and the child runs it.
    const { definitionName: name, definitionVersion: version } = step;
    const found = await definitions.latest(run.workspaceId, name, version);
    if (!found) {
      const error = `No definition of workflow "${name}"${version === undefined ? "" : ` version "${version}"`}`;
      return { kind: "failed", error, retryable: false, code: StepFailureCode.CHILD_CONFIG };
    }
    return { ...children, definition: { id: found.id, version: found.version } };
  };
}

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
