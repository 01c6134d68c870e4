import * as z from "zod";
import { RetryPolicy } from "./retry-policy";

/** What every step type shares: its type's name, its own name, retry policy and output key, and a timeout. */
export const StepType = {
  Task: "task",
  Wait: "wait",
  Condition: "condition",
  ExternalEvent: "external_event",
  Llm: "llm",
  Approval: "approval",
  Parallel: "parallel",
  Map: "map",
  SubWorkflow: "sub_workflow",
  Agent: "agent",
} as const;

export type StepType = (typeof StepType)[keyof typeof StepType];

export const ONE_YEAR_MS = 31_536_000_000;

export const stepName = z.string().min(1).max(100);

export const commonFields = {
  name: stepName.meta({ description: "Unique within the definition" }),
  retry: RetryPolicy.optional(),
  outputKey: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .meta({ description: "State key for the step's output; defaults to name" }),
};

export const timeoutMs = z
  .int()
  .min(1000)
  .max(ONE_YEAR_MS)
  .optional()
  .meta({ description: "The step fails when nothing arrives within this time" });
