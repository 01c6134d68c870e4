import * as z from "zod";
import { RunBudget } from "./budget";
import { DebounceSettings } from "./debounce";
import type { StepDefinition } from "./step";
import { ConcurrencySetting, ThrottleSetting } from "./traffic-settings";

/** A stored definition as the API returns it; `stepsJson` holds the steps exactly as validated at creation. */
export const WorkflowDefinition = z
  .object({
    id: z.string(),
    workspaceId: z.string(),
    name: z.string(),
    version: z.string(),
    description: z.string().nullable(),
    stepsJson: z.array(z.record(z.string(), z.unknown())),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Only when the definition set one. */
    budget: RunBudget.optional(),
    /** Only when the definition set one. */
    debounce: DebounceSettings.optional(),
    /** Only when the definition set them (docs/triggers.md, "Concurrency, priority and throttle"). */
    concurrency: ConcurrencySetting.optional(),
    throttle: ThrottleSetting.optional(),
  })
  .meta({ id: "WorkflowDefinition" });
export type WorkflowDefinition = z.infer<typeof WorkflowDefinition>;

/** A definition as a list of many shows it: everything but its steps, which may take 350 KB each. */
export type WorkflowDefinitionSummary = Omit<WorkflowDefinition, "stepsJson">;

/** As stored: the steps passed StepDefinition validation when the definition was created, and never change. */
export type StoredWorkflowDefinition = Omit<WorkflowDefinition, "stepsJson"> & {
  stepsJson: StepDefinition[];
};
