import * as z from "zod";
import { boundedJsonObject } from "./bounded-json";
import { RunBudget } from "./budget";
import { DebounceSettings, DebounceView } from "./debounce";
import { EVENT_TYPES } from "./events";
import { StartedWith } from "./identity";
import { LIMITS } from "./limits";
import { RUN_STATUSES, type RunStatus, StepRunStatus } from "./statuses";
import { ThreadId } from "./thread";
import { Priority, ThrottleSetting } from "./traffic-settings";

const Json = z.record(z.string(), z.unknown());

/** How a creation with supersedeExisting ends the live runs of its supersession key (docs/triggers.md). */
export const SUPERSEDE_MODES = ["cancel_running", "after_current_step", "queue_latest"] as const;
export type SupersedeMode = (typeof SUPERSEDE_MODES)[number];

export const StepRun = z
  .object({
    id: z.string(),
    workflowRunId: z.string(),
    stepName: z.string(),
    stepType: z.string(),
    status: z.enum(Object.values(StepRunStatus) as [StepRunStatus, ...StepRunStatus[]]),
    attempt: z.number().int(),
    input: Json.nullable(),
    output: Json.nullable(),
    error: z.string().nullable(),
    startedAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    copiedFrom: z.string().optional().meta({
      description:
        "A rerun's copy of this step run of the run it reruns: completed there, not executed again",
    }),
  })
  .meta({ id: "StepRun" });
export type StepRun = z.infer<typeof StepRun>;

export const WorkflowRun = z
  .object({
    id: z.string(),
    workspaceId: z.string(),
    definitionId: z.string(),
    status: z.enum(RUN_STATUSES as [RunStatus, ...RunStatus[]]),
    input: Json,
    output: Json.nullable(),
    idempotencyKey: z.string().nullable(),
    supersessionKey: z.string().nullable(),
    currentStepName: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    startedBy: z.string().optional(),
    startedWith: StartedWith.optional(),
    rerunOf: z.string().optional().meta({ description: "The run this one reruns (POST .../rerun)" }),
    originalDefinitionId: z.string().optional().meta({
      description: "The definition the run was created on, once an upgrade moved it to definitionId",
    }),
    pendingUpgrade: z
      .object({
        definitionId: z.string(),
        continueAt: z
          .string()
          .optional()
          .meta({ description: "The step the run continues at, when the upgrade said (continueAt)" }),
      })
      .optional()
      .meta({ description: "An upgrade that lands when the active step ends" }),
    parentRunId: z.string().optional().meta({
      description: "A child run (sub_workflow, parallel branch, map item): the run that started it",
    }),
    waitingFor: z.enum(["debounce", "concurrency", "throttle", "supersession"]).optional().meta({
      description:
        "Why a PENDING run has not started yet: `debounce`, its debounce window is open; `concurrency`, its concurrency limit is reached; `throttle`, its throttle's period is full; `supersession`, created with `supersedeMode: queue_latest`, it waits for the running run of its supersession key to end",
    }),
    debounce: DebounceView.optional().meta({ description: "A debounced run's window, until it starts" }),
    pendingSupersession: z.object({ supersededBy: z.string() }).optional().meta({
      description: "Superseded with `after_current_step`: the run ends SUPERSEDED when its current step ends",
    }),
    priority: Priority.optional().meta({ description: "As the creation gave it (absent: 5)" }),
    concurrencyKey: z.string().optional().meta({
      description: "The key of the concurrency limit the run is under, as given or rendered",
    }),
    threadId: z
      .string()
      .optional()
      .meta({ description: "The thread the run continues, as its creation named it" }),
  })
  .meta({ id: "WorkflowRun" });
export type WorkflowRun = z.infer<typeof WorkflowRun>;

export const WorkflowRunWithSteps = WorkflowRun.extend({ steps: z.array(StepRun) }).meta({
  id: "WorkflowRunWithSteps",
});

export const CreateRunInput = z
  .object({
    definitionId: z.string().min(1).max(100),
    // Kept in the run and in its state: this bound keeps both, and their growth, within an item.
    input: boundedJsonObject(LIMITS.runInputBytes).default({}),
    idempotencyKey: z.string().min(1).max(255).optional(),
    supersessionKey: z.string().min(1).max(255).optional(),
    supersedeExisting: z.boolean().default(false),
    startedBy: z
      .string()
      .min(1)
      .max(254)
      .optional()
      .meta({
        description:
          "Who started the run (an e-mail address), kept with the credential that said it (startedWith); " +
          "approval steps with allowRequester: false refuse them. A dashboard session may name only its user",
      }),
    budget: RunBudget.optional().meta({ description: "The run's LLM budget, instead of its definition's" }),
    debounce: DebounceSettings.optional().meta({
      description: "Collapse creations with the same rendered key into one run (instead of the definition's)",
    }),
    supersedeMode: z.enum(SUPERSEDE_MODES).optional().meta({
      description:
        "With supersedeExisting: `cancel_running` (default) ends the live runs now; `after_current_step` lets a run executing a step finish it first; `queue_latest` keeps a started run and supersedes only the queued ones, the new run starting when the started one ends",
    }),
    priority: Priority.optional(),
    concurrencyKey: z.string().min(1).max(LIMITS.concurrencyKeyChars).optional().meta({
      description:
        "The run's key under its definition's concurrency limit, instead of the definition's template",
    }),
    throttle: ThrottleSetting.optional().meta({
      description: "The run's throttle, instead of its definition's",
    }),
    threadId: ThreadId.optional(),
  })
  .meta({ id: "CreateRunInput" });
export type CreateRunInput = z.infer<typeof CreateRunInput>;

export const WorkflowEvent = z
  .object({
    id: z.string(),
    workflowRunId: z.string(),
    stepRunId: z.string().nullable(),
    eventType: z.enum(EVENT_TYPES),
    payload: Json,
    createdAt: z.string(),
  })
  .meta({ id: "WorkflowEvent" });
export type WorkflowEvent = z.infer<typeof WorkflowEvent>;
