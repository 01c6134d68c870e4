import type { StepDefinition } from "./step";

/**
 * A definition is a tree of step lists: its own steps, and inside them the lists of parallel branches and
 * map steps. A branch or item run executes one nested list, addressed by its scope: the index of each
 * parallel or map step on the way down, each parallel's followed by the branch's index.
 */
export type StepScope = number[];

/** One step list of a definition, with its place in it. */
export interface StepList {
  steps: readonly StepDefinition[];
  /** JSON path of the list in the definition, for validation messages: ["steps", 2, "branches", 0, "steps"]. */
  path: (string | number)[];
  /** How many parallel or map steps hold it: 0 for the definition's own list. */
  depth: number;
}

/** Every list of the definition, its own first, then depth first in order. */
export function allStepLists(steps: readonly StepDefinition[]): StepList[] {
  const lists: StepList[] = [];
  const visit = (list: readonly StepDefinition[], path: (string | number)[], depth: number) => {
    lists.push({ steps: list, path, depth });
    list.forEach((step, i) => {
      if (step.type === "parallel") {
        for (const [b, branch] of step.branches.entries()) {
          visit(branch.steps, [...path, i, "branches", b, "steps"], depth + 1);
        }
      } else if (step.type === "map") {
        visit(step.steps, [...path, i, "steps"], depth + 1);
      }
    });
  };
  visit(steps, ["steps"], 0);
  return lists;
}

/** The list a scope addresses, or undefined when the definition has no such list. */
export function stepsInScope(
  steps: readonly StepDefinition[],
  scope: StepScope | undefined,
): readonly StepDefinition[] | undefined {
  let list: readonly StepDefinition[] = steps;
  let i = 0;
  const path = scope ?? [];
  while (i < path.length) {
    const step = list[path[i] ?? -1];
    if (step?.type === "map") {
      list = step.steps;
      i += 1;
    } else if (step?.type === "parallel") {
      const branch = step.branches[path[i + 1] ?? -1];
      if (!branch) return undefined;
      list = branch.steps;
      i += 2;
    } else {
      return undefined;
    }
  }
  return list;
}
