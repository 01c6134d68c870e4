/**
 * The deployment's settings as plain data: the SST components in infra/ are built from these, and
 * test/unit/infra checks their invariants without AWS (every variable a function requires is given,
 * each queue's visibility outlasts its consumer, no permission is a wildcard). No SST globals here.
 */
export const LAMBDA_RUNTIME = { runtime: "nodejs22.x", architecture: "arm64" } as const;

/**
 * The AWS SDK for JavaScript v3 in the Lambda runtime, and why the functions bundle their own all the same.
 *
 * What the runtime ships: every supported Node.js runtime carries one coherent copy of SDK v3, a specific
 * 3.x minor set by the runtime's release and the Region, not the latest (docs.aws.amazon.com/lambda/latest/
 * dg/lambda-nodejs.html, "Runtime-included SDK versions", which gives a handler that reads it rather than a
 * table; an aws-cdk integration test records 3.895.0 on nodejs22.x, while Weft pins ^3.1162).
 * Service clients and the `lib-*` packages alike: `@aws-sdk/lib-dynamodb` resolves from
 * /var/runtime/node_modules too. Every package Weft imports is below, so taking them from the runtime
 * would be correct; it is not done, for two reasons:
 * - cold start: the runtime's copy is CommonJS and the bundle is ESM. Node imports CommonJS from ESM through
 *   cjs-module-lexer, slower than require (nodejs/node#59913, still so in Node 22), and loads whole
 *   packages unminified (1.15 MB for these five). Bundled, esbuild keeps the commands Weft uses, minified,
 *   and splits off the credential providers a function never calls. Measured with bench/bundle.ts's
 *   method, each entry's module init is 50 to 65 ms longer with the runtime's copy (sweeper 154 against
 *   89 ms, api 185 against 134), as AWS users found on Lambda itself (aws/aws-cdk#28311: 800 against 400);
 * - version: the bundle runs the SDK the tests ran. The runtime's copy moves with runtime updates and lags
 *   behind, and a mix of the two is what breaks: lib-dynamodb and client-dynamodb from either side of
 *   3.928.0 fail every DocumentClient call ("serializerMiddleware is not found").
 * The price is bytes: 250 kB of SDK in each cold start, which cost nothing per invocation.
 * To take the SDK from the runtime after all, put all of these in BUNDLE.esbuild.external: the bundle test
 * (test/unit/infra/bundle.test.ts) refuses an external the runtime does not ship, and a partial SDK.
 */
export const RUNTIME_SDK_PACKAGES = [
  "@aws-sdk/client-dynamodb",
  "@aws-sdk/lib-dynamodb",
  "@aws-sdk/client-kms",
  "@aws-sdk/client-scheduler",
  "@aws-sdk/client-sqs",
] as const;

/**
 * How every function is bundled: the `nodejs` props of sst.aws.Function (infra/engine-access.ts), read as
 * well by bench/bundle.ts and test/unit/infra/bundle.test.ts, which bundle the entries with SST's own
 * esbuild settings plus these (bench/lib/lambda-bundle.ts), so what they measure is what is deployed. ESM
 * with code splitting: a module loaded with `await import()` (an LLM provider's SDK, the SQS, Scheduler
 * and KMS clients, the API's docs page) becomes a chunk beside the handler, read on first use rather than
 * at every cold start. `target` is named because SST accepts only `esYYYY` names (`node22` would be
 * silently ignored); Node 22 runs ES2023. `keepNames` is SST's default and needed: errors take their
 * `name` from their class (`this.name = new.target.name`), which minifying would otherwise rename.
 * Nothing is external: see RUNTIME_SDK_PACKAGES.
 */
export const BUNDLE = {
  format: "esm",
  minify: true,
  splitting: true,
  esbuild: {
    target: "es2023",
    keepNames: true,
    external: [] as readonly (typeof RUNTIME_SDK_PACKAGES)[number][],
  },
} as const;

/**
 * Stages whose data may go with them: `sst remove` deletes everything, table included. Every other stage
 * is retained and protected (infra/stage.ts), so a stage nobody listed here, `prod` or a personal stage
 * SST names after your user alike, never loses its data to a typo. A star matches any run of characters.
 */
export const EPHEMERAL_STAGES = ["dev", "local", "pr-*", "personal-*"] as const;

/**
 * The operator policy (docs/operator-policy.md) a stage gets unless its deploy overrides it. A retained
 * stage is a real server on a public URL: invited sign-ups only, and no tenant spends the server's keys.
 */
export const OPERATOR_POLICY = {
  retained: { SIGNUP_MODE: "invite", SERVER_PROVIDER_KEYS: "none" },
  ephemeral: { SIGNUP_MODE: "open", SERVER_PROVIDER_KEYS: "all" },
} as const;
export type OperatorPolicySetting = keyof (typeof OPERATOR_POLICY)["retained"];

/**
 * What `sst deploy` reads from its environment (or from `.env.<stage>`, which SST loads for that stage).
 * Named apart from the service's own variables, so a SIGNUP_MODE meant for the local service cannot
 * reach a deployed stage by accident.
 */
export const DEPLOY_VARIABLES = {
  SIGNUP_MODE: "WEFT_SIGNUP_MODE",
  SERVER_PROVIDER_KEYS: "WEFT_SERVER_PROVIDER_KEYS",
  /** Subscribed to the alarms' topic; unset, the alarms still exist, with no action. */
  alarmEmail: "WEFT_ALARM_EMAIL",
} as const satisfies Record<OperatorPolicySetting | "alarmEmail", string>;

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
export type FunctionName = keyof typeof FUNCTIONS;

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

/**
 * How long a dead letter is kept: SQS's maximum, 14 days, not its default 4, so a message that failed
 * before a long weekend is still there to read and redrive when someone answers its alarm.
 */
export const DEAD_LETTER_RETENTION_SECONDS = 14 * 24 * 60 * 60;

export interface MetricAlarmSettings {
  namespace: string;
  metric: string;
  statistic: "Maximum" | "Sum";
  periodSeconds: number;
  evaluationPeriods: number;
  threshold: number;
  comparison: "GreaterThanThreshold" | "LessThanThreshold";
  /** What a period without a data point counts as. */
  missingData: "notBreaching" | "breaching";
}

/**
 * CloudWatch alarms (infra/alarms.ts). The first two fire on the first occurrence, since nothing here
 * fails quietly for a good reason: a message in a dead-letter queue failed every receive and nothing
 * retries it, and a failed invocation of a background function (a crash or a timeout, not a failed
 * record, which is handed back in the batch response) is one no caller will report. The third fires when
 * the sweeper has not run for two periods in a row: a schedule that cannot assume its role, or a
 * disabled one, invokes nothing, so no error would ever show it.
 */
export const ALARMS = {
  deadLetters: {
    queues: ["step", "webhook"],
    namespace: "AWS/SQS",
    metric: "ApproximateNumberOfMessagesVisible",
    statistic: "Maximum",
    periodSeconds: 60,
    evaluationPeriods: 1,
    threshold: 0,
    comparison: "GreaterThanThreshold",
    missingData: "notBreaching",
  },
  functionErrors: {
    functions: ["worker", "webhooks", "sweeper"],
    namespace: "AWS/Lambda",
    metric: "Errors",
    statistic: "Sum",
    periodSeconds: 300,
    evaluationPeriods: 1,
    threshold: 0,
    comparison: "GreaterThanThreshold",
    missingData: "notBreaching",
  },
  sweeperSilent: {
    function: "sweeper",
    namespace: "AWS/Lambda",
    metric: "Invocations",
    statistic: "Sum",
    periodSeconds: 300,
    evaluationPeriods: 2,
    threshold: 1,
    comparison: "LessThanThreshold",
    missingData: "breaching",
  },
} as const satisfies {
  deadLetters: MetricAlarmSettings & { queues: readonly QueueName[] };
  functionErrors: MetricAlarmSettings & { functions: readonly FunctionName[] };
  sweeperSilent: MetricAlarmSettings & { function: FunctionName };
};

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

/** The service EventBridge Scheduler acts as: the only one its role may be passed to or assumed by. */
export const SCHEDULER_SERVICE = "scheduler.amazonaws.com";

/** This stage's resources a statement may name; infra/engine-access.ts maps each to its ARNs. */
export type EngineResource =
  | "table"
  | "tableIndexes"
  | "stepQueue"
  | "webhookQueue"
  | "secretsKey"
  | "schedules"
  | "schedulerRole";

export interface PermissionSettings {
  actions: readonly string[];
  resources: readonly EngineResource[];
  conditions?: readonly { test: string; variable: string; values: readonly string[] }[];
}

/**
 * Every IAM statement of every engine function, written out rather than derived from SST links, which
 * grant every DynamoDB or SQS action. The table's actions are those the DynamoDB adapter (core/adapters/dynamodb) sends (a TransactWriteItems
 * needs the item actions it is made of, ConditionCheckItem included); the queues are only sent to (each
 * consumer's receive and delete permissions come from its subscription, on its own queue).
 */
export const ENGINE_PERMISSIONS: readonly PermissionSettings[] = [
  {
    actions: [
      "dynamodb:GetItem",
      "dynamodb:BatchGetItem",
      "dynamodb:Query",
      "dynamodb:PutItem",
      "dynamodb:UpdateItem",
      "dynamodb:DeleteItem",
      "dynamodb:ConditionCheckItem",
    ],
    resources: ["table"],
  },
  { actions: ["dynamodb:Query"], resources: ["tableIndexes"] },
  { actions: ["sqs:SendMessage"], resources: ["stepQueue", "webhookQueue"] },
  { actions: ["kms:GenerateDataKey", "kms:Decrypt"], resources: ["secretsKey"] },
  { actions: ["scheduler:CreateSchedule", "scheduler:DeleteSchedule"], resources: ["schedules"] },
  {
    actions: ["iam:PassRole"],
    resources: ["schedulerRole"],
    conditions: [{ test: "StringEquals", variable: "iam:PassedToService", values: [SCHEDULER_SERVICE] }],
  },
];

/** What the Scheduler's own role may do: deliver to the step queue, nothing else. */
export const SCHEDULER_ROLE_ACTIONS = ["sqs:SendMessage"] as const;
