import * as z from "zod";
import { RunBudget } from "./budget";
import { LIMITS } from "./limits";
import { StepDefinition } from "./step";

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
  })
  .superRefine((definition, ctx) => {
    const firstIndexByName = new Map<string, number>();
    definition.steps.forEach((step, i) => {
      const first = firstIndexByName.get(step.name);
      if (first === undefined) {
        firstIndexByName.set(step.name, i);
        return;
      }
      ctx.addIssue({
        code: "custom",
        path: ["steps", i, "name"],
        message: `Step "${step.name}": name is already used by step ${first}; step names must be unique`,
      });
    });

    definition.steps.forEach((step, i) => {
      if (step.type !== "approval" || step.onTimeout === undefined || step.timeoutMs !== undefined) return;
      ctx.addIssue({
        code: "custom",
        path: ["steps", i, "onTimeout"],
        message: `Step "${step.name}": onTimeout needs timeoutMs`,
      });
    });

    definition.steps.forEach((step, i) => {
      if (step.type !== "approval" || !step.onReject) return;
      const target = firstIndexByName.get(step.onReject.gotoStep);
      if (target !== undefined && target < i) return;
      ctx.addIssue({
        code: "custom",
        path: ["steps", i, "onReject", "gotoStep"],
        message: `Step "${step.name}": onReject.gotoStep "${step.onReject.gotoStep}" names no earlier step of this definition`,
      });
    });

    definition.steps.forEach((step, i) => {
      if (step.type !== "condition") return;
      for (const field of ["trueStep", "falseStep"] as const) {
        if (firstIndexByName.has(step[field])) continue;
        ctx.addIssue({
          code: "custom",
          path: ["steps", i, field],
          message: `Step "${step.name}": ${field} "${step[field]}" names no step of this definition`,
        });
      }
    });
  })
  .meta({ id: "CreateWorkflowDefinitionInput", description: "Body of POST /v1/workflow-definitions" });

export type CreateWorkflowDefinitionInput = z.infer<typeof CreateWorkflowDefinitionInput>;
