import * as z from "zod";
import { AgentStep } from "./agent-step";
import { ApprovalStep } from "./approval-step";
import { LIMITS } from "./limits";
import { llmStepFields, requirePrompt, unknownTypeError } from "./llm-step";
import type { RetryPolicy } from "./retry-policy";
import { commonFields, ONE_YEAR_MS, StepType, stepName, timeoutMs } from "./step-fields";

export { AgentStep } from "./agent-step";
export { ApprovalStep } from "./approval-step";
export { StepType } from "./step-fields";

export const TaskStep = z
  .strictObject({
    type: z.literal(StepType.Task),
    ...commonFields,
    handler: z.string().min(1).max(100).meta({ description: "Name of a registered task handler" }),
    config: z.record(z.string(), z.unknown()).default({}).meta({ description: "Handler configuration" }),
  })
  .meta({ id: "TaskStep", description: "Runs a registered handler" });

export const WaitStep = z
  .strictObject({
    type: z.literal(StepType.Wait),
    ...commonFields,
    durationMs: z.int().min(0).max(ONE_YEAR_MS).optional(),
    untilTimestamp: z.iso.datetime({ offset: true }).optional().meta({ description: "ISO 8601 with offset" }),
  })
  .superRefine((step, ctx) => {
    const hasDuration = step.durationMs !== undefined;
    const hasUntil = step.untilTimestamp !== undefined;
    if (hasDuration && hasUntil) {
      ctx.addIssue({
        code: "custom",
        path: ["untilTimestamp"],
        message: "A wait step takes durationMs or untilTimestamp, not both",
      });
    } else if (!hasDuration && !hasUntil) {
      ctx.addIssue({
        code: "custom",
        path: ["durationMs"],
        message: "A wait step needs durationMs or untilTimestamp",
      });
    }
  })
  .meta({ id: "WaitStep", description: "Pauses the run for durationMs or until untilTimestamp" });

export const ConditionStep = z
  .strictObject({
    type: z.literal(StepType.Condition),
    ...commonFields,
    expression: z.string().min(1).max(200).meta({ description: "Path into the workflow state" }),
    trueStep: stepName.meta({ description: "Step to run when the value is truthy" }),
    falseStep: stepName.meta({ description: "Step to run otherwise" }),
  })
  .meta({ id: "ConditionStep", description: "Branches on a value of the workflow state" });

const signalTypeName = z.string().min(1).max(100);

export const ExternalEventStep = z
  .strictObject({
    type: z.literal(StepType.ExternalEvent),
    ...commonFields,
    signalType: signalTypeName.optional(),
    signalTypes: z
      .array(signalTypeName)
      .min(1)
      .max(LIMITS.signalTypesPerStep)
      .refine((types) => new Set(types).size === types.length, "signal types must be distinct")
      .optional()
      .meta({ description: "Several signal types: the output holds each payload under its type" }),
    mode: z.enum(["any", "all"]).optional().meta({
      description:
        "With signalTypes: go on at the first of them (any, the default) or once all arrived (all)",
    }),
    timeoutMs,
  })
  .superRefine((step, ctx) => {
    if ((step.signalType === undefined) === (step.signalTypes === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["signalType"],
        message: "Give signalType or signalTypes, not both",
      });
    }
    if (step.mode !== undefined && step.signalTypes === undefined) {
      ctx.addIssue({ code: "custom", path: ["mode"], message: "mode goes with signalTypes" });
    }
  })
  .meta({
    id: "ExternalEventStep",
    description: "Pauses the run until a signal of signalType (or any or all of signalTypes) is sent",
  });

export const LlmStep = z
  .strictObject({ type: z.literal(StepType.Llm), ...commonFields, ...llmStepFields })
  .superRefine(requirePrompt)
  .meta({ id: "LlmStep", description: "Calls a language model; needs messages or systemPrompt" });

/**
 * The steps a parallel branch or a map item runs: a list like the definition's own (docs/flow.md). The one
 * recursive schema: StepDefinition's `id` makes the OpenAPI document refer to it where steps nest.
 */
const nestedSteps: z.ZodType<StepDefinition[], unknown[]> = z
  .array(z.lazy(() => StepDefinition))
  .min(1)
  .max(LIMITS.definitionSteps)
  .meta({ description: "Steps, as in a definition; names unique across the whole definition" });

export const ParallelStep = z
  .strictObject({
    type: z.literal(StepType.Parallel),
    ...commonFields,
    branches: z
      .array(z.strictObject({ name: stepName, steps: nestedSteps }))
      .min(1)
      .max(LIMITS.parallelBranches)
      .refine(
        (branches) => new Set(branches.map((branch) => branch.name)).size === branches.length,
        "branch names must be distinct",
      ),
    join: z.enum(["all", "any"]).default("all").meta({
      description: "all: go on when every branch completed; any: with the first, the others cancelled",
    }),
  })
  .meta({
    id: "ParallelStep",
    description: "Runs its branches at once, each a child run; output {<branch>: <branch output>}",
  });

export const MapStep = z
  .strictObject({
    type: z.literal(StepType.Map),
    ...commonFields,
    itemsKey: z
      .string()
      .min(1)
      .max(200)
      .meta({ description: "Path into the state of the array to map over (input.items, list)" }),
    steps: nestedSteps,
    maxConcurrency: z.int().min(1).max(LIMITS.mapConcurrency).default(10),
    failureTolerance: z
      .int()
      .min(0)
      .max(LIMITS.mapItems)
      .default(0)
      .meta({ description: "How many items may fail before the step fails" }),
  })
  .meta({
    id: "MapStep",
    description: "Runs its steps once per item (state.item), each a child run; output in item order",
  });

export const SubWorkflowStep = z
  .strictObject({
    type: z.literal(StepType.SubWorkflow),
    ...commonFields,
    definitionId: z
      .string()
      .min(1)
      .max(LIMITS.idChars)
      .optional()
      .meta({ description: "The definition to run; or definitionName (with definitionVersion)" }),
    definitionName: z.string().min(1).max(200).optional().meta({
      description:
        "The workflow to run by name: its definitionVersion, or without one its newest definition when the step starts",
    }),
    definitionVersion: z
      .string()
      .min(1)
      .max(50)
      .optional()
      .meta({ description: "With definitionName: the version to run" }),
    input: z
      .record(z.string(), z.unknown())
      .default({})
      .meta({ description: "The child run's input; string values are templates over the state" }),
  })
  .superRefine((step, ctx) => {
    if ((step.definitionId === undefined) === (step.definitionName === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["definitionId"],
        message: "Give definitionId or definitionName, not both",
      });
    }
    if (step.definitionVersion !== undefined && step.definitionName === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["definitionVersion"],
        message: "definitionVersion goes with definitionName",
      });
    }
  })
  .meta({
    id: "SubWorkflowStep",
    description: "Runs another definition as a child run and waits for it; output: its output",
  });

export const StepDefinition = z
  .discriminatedUnion(
    "type",
    [
      TaskStep,
      WaitStep,
      ConditionStep,
      ExternalEventStep,
      LlmStep,
      ApprovalStep,
      ParallelStep,
      MapStep,
      SubWorkflowStep,
      AgentStep,
    ],
    { error: unknownTypeError("step") },
  )
  .meta({ id: "StepDefinition", description: "One step of a workflow definition, chosen by type" });

export type StepDefinition =
  | TaskStep
  | WaitStep
  | ConditionStep
  | ExternalEventStep
  | LlmStep
  | ApprovalStep
  | ParallelStep
  | MapStep
  | SubWorkflowStep
  | AgentStep;
export type TaskStep = z.infer<typeof TaskStep>;
export type WaitStep = z.infer<typeof WaitStep>;
export type ConditionStep = z.infer<typeof ConditionStep>;
export type ExternalEventStep = z.infer<typeof ExternalEventStep>;
export type LlmStep = z.infer<typeof LlmStep>;

/** Written out, not inferred: the nested steps make the schemas' types refer to themselves. */
interface CommonFields {
  name: string;
  retry?: z.infer<typeof RetryPolicy> | undefined;
  outputKey?: string | undefined;
}
export interface ParallelStep extends CommonFields {
  type: "parallel";
  branches: { name: string; steps: StepDefinition[] }[];
  join: "all" | "any";
}
export interface MapStep extends CommonFields {
  type: "map";
  itemsKey: string;
  steps: StepDefinition[];
  maxConcurrency: number;
  failureTolerance: number;
}
export type SubWorkflowStep = z.infer<typeof SubWorkflowStep>;
