import * as z from "zod";
import { RunBudget } from "./budget";
import { DebounceSettings } from "./debounce";
import { LIMITS } from "./limits";
import { StepDefinition } from "./step";
import { allStepLists } from "./step-lists";
import { ConcurrencySetting, ThrottleSetting } from "./traffic-settings";

export const CreateWorkflowDefinitionInput = z
  .object({
    name: z.string().min(1).max(200),
    version: z.string().min(1).max(50).meta({ description: "Free-form; definitions are immutable" }),
    description: z.string().max(1000).optional(),
    steps: z
      .array(StepDefinition)
      .min(1)
      .max(LIMITS.definitionSteps)
      .meta({ description: "Run in order unless a condition jumps" }),
    budget: RunBudget.optional().meta({
      description: "The LLM budget of its runs, unless a creation sets one",
    }),
    debounce: DebounceSettings.optional().meta({
      description: "Debounce of its runs' creations (docs/triggers.md), unless a creation sets its own",
    }),
    concurrency: ConcurrencySetting.optional(),
    throttle: ThrottleSetting.optional(),
  })
  .superRefine((definition, ctx) => checkStepLists(definition.steps, ctx))
  .meta({ id: "CreateWorkflowDefinitionInput", description: "Body of POST /v1/workflow-definitions" });

export type CreateWorkflowDefinitionInput = z.infer<typeof CreateWorkflowDefinitionInput>;

/**
 * What a definition's schema cannot say step by step, for its own list and every list nested in parallel and
 * map steps (docs/flow.md): step names unique across the whole definition (events, costs and signals name a
 * step by its name alone), condition and onReject targets within the same list, nesting and the total
 * number of steps bounded.
 */
function checkStepLists(steps: readonly StepDefinition[], ctx: z.RefinementCtx): void {
  const lists = allStepLists(steps);
  const firstPathByName = new Map<string, string>();
  let total = 0;
  for (const { steps: list, path, depth } of lists) {
    total += list.length;
    if (depth > LIMITS.stepNesting) {
      ctx.addIssue({
        code: "custom",
        path,
        message: `Steps nest ${depth} levels deep in parallel and map steps; at most ${LIMITS.stepNesting}`,
      });
    }
    const indexInList = new Map<string, number>();
    list.forEach((step, i) => {
      indexInList.set(step.name, indexInList.get(step.name) ?? i);
      const first = firstPathByName.get(step.name);
      if (first === undefined) {
        firstPathByName.set(step.name, depth === 0 ? `step ${i}` : [...path, i].join("."));
        return;
      }
      ctx.addIssue({
        code: "custom",
        path: [...path, i, "name"],
        message: `Step "${step.name}": name is already used by ${first}; step names must be unique`,
      });
    });
    const where = depth === 0 ? "this definition" : "its list";
    for (const [i, step] of list.entries()) checkStep(step, [...path, i], { indexInList, i, where }, ctx);
  }
  if (total > LIMITS.definitionSteps) {
    ctx.addIssue({
      code: "custom",
      path: ["steps"],
      message: `The definition holds ${total} steps in all; at most ${LIMITS.definitionSteps}`,
    });
  }
}

/** A step's references to other steps, which must lie in its own list. */
function checkStep(
  step: StepDefinition,
  path: (string | number)[],
  { indexInList, i, where }: { indexInList: ReadonlyMap<string, number>; i: number; where: string },
  ctx: z.RefinementCtx,
): void {
  if (step.type === "approval" && step.onTimeout !== undefined && step.timeoutMs === undefined) {
    ctx.addIssue({
      code: "custom",
      path: [...path, "onTimeout"],
      message: `Step "${step.name}": onTimeout needs timeoutMs`,
    });
  }
  if (step.type === "approval" && step.onReject) {
    const target = indexInList.get(step.onReject.gotoStep);
    if (target === undefined || target >= i) {
      ctx.addIssue({
        code: "custom",
        path: [...path, "onReject", "gotoStep"],
        message: `Step "${step.name}": onReject.gotoStep "${step.onReject.gotoStep}" names no earlier step of ${where}`,
      });
    }
  }
  if (step.type === "condition") {
    for (const field of ["trueStep", "falseStep"] as const) {
      if (indexInList.has(step[field])) continue;
      ctx.addIssue({
        code: "custom",
        path: [...path, field],
        message: `Step "${step.name}": ${field} "${step[field]}" names no step of ${where}`,
      });
    }
  }
}
