/**
 * The deployment's settings as plain data: the SST components in infra/ are built from these, and
 * test/unit/infra checks their invariants without AWS (every variable a function requires is given,
 * each queue's visibility outlasts its consumer, no permission is a wildcard). No SST globals here.
 */
export const LAMBDA_RUNTIME = { runtime: "nodejs22.x", architecture: "arm64" } as const;

export type QueueName = "step" | "webhook";

export interface FunctionSettings {
  handler: string;
  memoryMb: number;
  timeoutSeconds: number;
  /** The queue it consumes, with partial batch responses, or the schedule it runs on. */
  trigger: { queue: QueueName; batchSize: number } | { schedule: string } | { url: true };
}

export const FUNCTIONS = {
  api: { handler: "functions/api.handler", memoryMb: 512, timeoutSeconds: 30, trigger: { url: true } },
  worker: {
    handler: "functions/worker.handler",
    memoryMb: 512,
    timeoutSeconds: 300,
    trigger: { queue: "step", batchSize: 10 },
  },
  webhooks: {
    handler: "functions/webhooks.handler",
    memoryMb: 256,
    timeoutSeconds: 60,
    trigger: { queue: "webhook", batchSize: 10 },
  },
  sweeper: {
    handler: "functions/sweeper.handler",
    memoryMb: 256,
    timeoutSeconds: 60,
    trigger: { schedule: "rate(1 minute)" },
  },
} as const satisfies Record<string, FunctionSettings>;

/** AWS advises a visibility timeout of at least six times the consumer's timeout for SQS event sources. */
export const VISIBILITY_TIMEOUT_FACTOR = 6;

export const QUEUES = {
  step: {
    visibilityTimeoutSeconds: FUNCTIONS.worker.timeoutSeconds * VISIBILITY_TIMEOUT_FACTOR,
    maxReceiveCount: 5,
  },
  webhook: {
    visibilityTimeoutSeconds: FUNCTIONS.webhooks.timeoutSeconds * VISIBILITY_TIMEOUT_FACTOR,
    maxReceiveCount: 5,
  },
} as const satisfies Record<QueueName, { visibilityTimeoutSeconds: number; maxReceiveCount: number }>;

/** The variables every function receives (values come from the resources; see infra/engine-access.ts). */
export const ENGINE_ENVIRONMENT_KEYS = [
  "TABLE_NAME",
  "STEP_QUEUE_URL",
  "STEP_QUEUE_ARN",
  "WEBHOOK_QUEUE_URL",
  "SCHEDULE_GROUP",
  "SCHEDULER_ROLE_ARN",
  "KMS_KEY_ID",
] as const;
export type EngineEnvironmentKey = (typeof ENGINE_ENVIRONMENT_KEYS)[number];

/** The IAM actions granted beyond the links (table and queues), each on this stage's resources only. */
export const ENGINE_ACTIONS = {
  secretsKey: ["kms:GenerateDataKey", "kms:Decrypt"],
  schedules: ["scheduler:CreateSchedule", "scheduler:DeleteSchedule"],
  schedulerRole: ["iam:PassRole"],
} as const;

/** What the Scheduler's own role may do: deliver to the step queue, nothing else. */
export const SCHEDULER_ROLE_ACTIONS = ["sqs:SendMessage"] as const;
