import { SECRET_CONTEXT_KEYS, SECRET_PURPOSES } from "../core/ports/key-vault";

/**
 * The deployment's settings as plain data: the SST components in infra/ are built from these, and
 * test/unit/infra checks their invariants without AWS (every variable a function requires is given,
 * each queue's visibility outlasts its consumer, no permission is a wildcard). No SST globals here.
 */
export const LAMBDA_RUNTIME = { runtime: "nodejs22.x", architecture: "arm64" } as const;

/**
 * The AWS SDK for JavaScript v3 in the Lambda runtime, and why the functions bundle their own all the same
 * (docs/lambda-bundles.md has the figures).
 *
 * What the runtime ships: nodejs22.x carries one coherent copy of SDK v3 in /var/runtime/node_modules,
 * every service client and the `lib-*` packages (`@aws-sdk/lib-dynamodb` included), on NODE_PATH, which the
 * Node.js 18+ runtimes also search for ES module imports, so an ESM bundle could import it. Its version is
 * a 3.x release AWS picks per runtime update and Region, not the latest and not a published constant
 * (docs.aws.amazon.com/lambda/latest/dg/lambda-nodejs.html, "Runtime-included SDK versions", gives a
 * handler that reads it: `require("@aws-sdk/client-dynamodb/package.json").version`); Weft pins ^3.1162.
 * Relying on it would be safe for correctness: every API Weft calls (DynamoDB's item and transaction
 * commands, SQS SendMessage, Scheduler's CreateSchedule with ActionAfterCompletion, KMS GenerateDataKey
 * and Decrypt, S3's PutObject, GetObject and DeleteObject) predates every nodejs22.x release; `useQueueUrlAsEndpoint` (functions/aws-platform.ts) is
 * ignored by an older SQS client, and matters only with an emulator's endpoint, never in AWS; the six
 * packages come from one copy, never half from the bundle (lib-dynamodb and client-dynamodb from either
 * side of 3.928.0 fail every DocumentClient call, "serializerMiddleware is not found"), which the bundle
 * test enforces. A client the runtime lacked would fail the function's init (Runtime.ImportModuleError);
 * the fix is to bundle it again (drop it from BUNDLE.esbuild.external) or ship it with SST's
 * `nodejs.install`.
 *
 * It is not done, because it makes cold starts slower, not faster: the runtime's copy is CommonJS, loaded
 * whole and unminified through Node's ESM-to-CommonJS path (nodejs/node#59913), where the bundle carries
 * only the commands Weft uses, minified, with the credential providers Lambda never needs split off.
 * bench/bundle.ts measures both in every run: with the SDK left to the runtime each cold start reads
 * 250 kB less of Weft's own bundle and spends about 100 ms more CPU initialising (sweeper 171 against
 * 74 ms median, 2026-11-26), as AWS users found on Lambda itself (aws/aws-cdk#28311: 800
 * against 400 ms). And the bundle runs the SDK the tests ran, not one that moves with runtime updates.
 * To take the SDK from the runtime after all, put all of these in BUNDLE.esbuild.external: the bundle test
 * (test/unit/infra/bundle.test.ts) refuses an external the runtime does not ship, and a partial SDK.
 */
export const RUNTIME_SDK_PACKAGES = [
  "@aws-sdk/client-dynamodb",
  "@aws-sdk/lib-dynamodb",
  "@aws-sdk/client-kms",
  "@aws-sdk/client-scheduler",
  "@aws-sdk/client-sqs",
  "@aws-sdk/client-s3",
] as const;

/**
 * How every function is bundled: the `nodejs` props of sst.aws.Function (infra/engine-access.ts), read as
 * well by bench/bundle.ts and test/unit/infra/bundle.test.ts, which bundle the entries with SST's own
 * esbuild settings plus these (bench/lib/lambda-bundle.ts), so what they measure is what is deployed. ESM
 * with code splitting: a module loaded with `await import()` (an LLM provider's SDK, the SQS, Scheduler
 * and KMS clients, the API's docs page) becomes a chunk beside the handler, read on first use rather than
 * at every cold start. `target` is named because SST accepts only `esYYYY` names (`node22` would be
 * silently ignored); ES2023 is what Node 22, Lambda's and package.json's engines alike, runs in full.
 * `keepNames` is SST's default and needed: errors take their `name` from their class
 * (`this.name = new.target.name`), which minifying would otherwise rename. Nothing is external: see
 * RUNTIME_SDK_PACKAGES. `plugins` is the file of esbuild plugins SST loads (relative to sst.config.ts,
 * i.e. the repository): what each one changes, and why, is written there.
 */
export const BUNDLE = {
  format: "esm",
  minify: true,
  splitting: true,
  plugins: "infra/esbuild-plugins.mjs",
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
 * stage is a real server on a public URL: invited sign-ups only, no tenant spends the server's keys, and
 * no tenant's approval requests go out from the operator's mail sender until the operator lists it.
 */
export const OPERATOR_POLICY = {
  retained: {
    SIGNUP_MODE: "invite",
    SERVER_PROVIDER_KEYS: "none",
    APPROVAL_MAIL: "none",
    MAIL_RECIPIENTS: "any",
  },
  ephemeral: {
    SIGNUP_MODE: "open",
    SERVER_PROVIDER_KEYS: "all",
    APPROVAL_MAIL: "all",
    MAIL_RECIPIENTS: "any",
  },
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
  APPROVAL_MAIL: "WEFT_APPROVAL_MAIL",
  MAIL_RECIPIENTS: "WEFT_MAIL_RECIPIENTS",
  /** Subscribed to the alarms' topic; unset, the alarms still exist, with no action. */
  alarmEmail: "WEFT_ALARM_EMAIL",
  /**
   * The service's public address (https), given to the functions as PUBLIC_URL: where every link they hand
   * out points. Required on a retained stage (infra/stage.ts, publicUrlOf).
   */
  publicUrl: "WEFT_PUBLIC_URL",
} as const satisfies Record<OperatorPolicySetting | "alarmEmail" | "publicUrl", string>;

/**
 * The per-workspace quotas (docs/deploy.md, "Quotas"), each given to the API when its deploy variable is
 * set and absent otherwise (no quota): setting → the variable `sst deploy` reads it from.
 */
export const QUOTA_VARIABLES = {
  MAX_LIVE_RUNS_PER_WORKSPACE: "WEFT_MAX_LIVE_RUNS_PER_WORKSPACE",
  MAX_RUN_CREATIONS_PER_MINUTE: "WEFT_MAX_RUN_CREATIONS_PER_MINUTE",
  /** This one has a default (core/config.ts) that holds when the variable is unset. */
  MAX_TRIGGERS_PER_WORKSPACE: "WEFT_MAX_TRIGGERS_PER_WORKSPACE",
  /** These two have defaults too; the run-event function, which sends approval mail, applies them. */
  MAIL_PER_HOUR_PER_WORKSPACE: "WEFT_MAIL_PER_HOUR_PER_WORKSPACE",
  MAIL_PER_DAY_PER_WORKSPACE: "WEFT_MAIL_PER_DAY_PER_WORKSPACE",
} as const;
export type QuotaSetting = keyof typeof QUOTA_VARIABLES;

export type QueueName = "step" | "runEvent";

export interface FunctionSettings {
  handler: string;
  memoryMb: number;
  timeoutSeconds: number;
  /**
   * The queue it consumes, with partial batch responses, the schedule it runs on, or a function URL;
   * `streaming` puts the URL in the RESPONSE_STREAM invoke mode (SST's `streaming: true`), the handler
   * wrapped by `awslambda.streamifyResponse` (Hono's streamHandle), so a run's live stream is sent as it
   * happens rather than buffered until the invocation ends.
   */
  trigger: { queue: QueueName; batchSize: number } | { schedule: string } | { url: true; streaming: boolean };
  /**
   * Reserved concurrency: the instances the function may run at once, set aside for it from the account's
   * pool (docs/limits.md, "On AWS"). The worker's keeps runs moving whatever the API is asked; the API's
   * is its ceiling, so open live streams (each holds an invocation for up to 25 s) cannot take the
   * account's concurrency from the worker or from anything else in the account.
   */
  reservedConcurrency?: number;
  /**
   * Holds the blob bucket (infra/blobs.ts): its name as BLOB_BUCKET and BLOB_PERMISSIONS on it. Only the
   * functions that will keep payloads there (agent transcripts, large step outputs) do; the others have
   * neither, so a blob store call there fails.
   */
  blobStore?: true;
}

export const FUNCTIONS = {
  api: {
    handler: "functions/api.handler",
    memoryMb: 512,
    timeoutSeconds: 30,
    trigger: { url: true, streaming: true },
    reservedConcurrency: 200,
    blobStore: true,
  },
  worker: {
    handler: "functions/worker.handler",
    memoryMb: 512,
    timeoutSeconds: 300,
    trigger: { queue: "step", batchSize: 10 },
    reservedConcurrency: 100,
    blobStore: true,
  },
  runEvents: {
    handler: "functions/run-events.handler",
    memoryMb: 256,
    timeoutSeconds: 60,
    trigger: { queue: "runEvent", batchSize: 10 },
  },
  sweeper: {
    handler: "functions/sweeper.handler",
    memoryMb: 256,
    timeoutSeconds: 60,
    trigger: { schedule: "rate(1 minute)" },
  },
} as const satisfies Record<string, FunctionSettings>;
export type FunctionName = keyof typeof FUNCTIONS;

/**
 * What Lambda leaves unreserved at the least (reservations past it are refused), out of the 1,000 instances
 * a Region's account gets by default: the reservations above must fit in the difference.
 */
export const ACCOUNT_CONCURRENCY = { default: 1000, unreservedMinimum: 100 } as const;

/** AWS advises a visibility timeout of at least six times the consumer's timeout for SQS event sources. */
export const VISIBILITY_TIMEOUT_FACTOR = 6;

export const QUEUES = {
  step: {
    visibilityTimeoutSeconds: FUNCTIONS.worker.timeoutSeconds * VISIBILITY_TIMEOUT_FACTOR,
    maxReceiveCount: 5,
  },
  runEvent: {
    visibilityTimeoutSeconds: FUNCTIONS.runEvents.timeoutSeconds * VISIBILITY_TIMEOUT_FACTOR,
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
 *
 * The last two watch the queues that feed the workers, for what no error shows either: messages waiting
 * that nobody takes (a disabled or throttled event source mapping, the account's concurrency spent
 * elsewhere). `queueAge` fires when a queue's oldest message is 20 minutes old for 5 minutes: above the
 * longest delay a message may carry (SQS's 15 minutes, MAX_QUEUE_DELAY_MS), so a wake-up sent with its
 * delay never trips it, whether or not SQS counts the delay in the age. `queueBacklog` fires when more
 * than 1,000 messages are ready (visible, so delayed ones are not counted) for 10 minutes in a row: a burst
 * of creations drains in a few minutes at the workers' batch size and concurrency; one that does not,
 * outgrows them. Both thresholds are a stage's to tune.
 */
export const ALARMS = {
  deadLetters: {
    queues: ["step", "runEvent"],
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
    functions: ["worker", "runEvents", "sweeper"],
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
  queueAge: {
    queues: ["step", "runEvent"],
    namespace: "AWS/SQS",
    metric: "ApproximateAgeOfOldestMessage",
    statistic: "Maximum",
    periodSeconds: 60,
    evaluationPeriods: 5,
    threshold: 20 * 60,
    comparison: "GreaterThanThreshold",
    missingData: "notBreaching",
  },
  queueBacklog: {
    queues: ["step", "runEvent"],
    namespace: "AWS/SQS",
    metric: "ApproximateNumberOfMessagesVisible",
    statistic: "Maximum",
    periodSeconds: 60,
    evaluationPeriods: 10,
    threshold: 1000,
    comparison: "GreaterThanThreshold",
    missingData: "notBreaching",
  },
} as const satisfies {
  deadLetters: MetricAlarmSettings & { queues: readonly QueueName[] };
  functionErrors: MetricAlarmSettings & { functions: readonly FunctionName[] };
  sweeperSilent: MetricAlarmSettings & { function: FunctionName };
  queueAge: MetricAlarmSettings & { queues: readonly QueueName[] };
  queueBacklog: MetricAlarmSettings & { queues: readonly QueueName[] };
};

/** The variables every function receives (values come from the resources; see infra/engine-access.ts). */
export const ENGINE_ENVIRONMENT_KEYS = [
  "TABLE_NAME",
  "STEP_QUEUE_URL",
  "STEP_QUEUE_ARN",
  "RUN_EVENT_QUEUE_URL",
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
  | "runEventQueue"
  | "secretsKey"
  | "schedules"
  | "schedulerRole"
  | "blobBucket"
  | "blobObjects";

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
  { actions: ["sqs:SendMessage"], resources: ["stepQueue", "runEventQueue"] },
  // Only with the encryption context the key vault sends (core/ports/key-vault.ts): a workspace, a known
  // purpose, no other key. KMS binds the context to each data key, so every secret stored so far was
  // encrypted with the context it is decrypted with, which these conditions admit; nothing to migrate.
  {
    actions: ["kms:GenerateDataKey", "kms:Decrypt"],
    resources: ["secretsKey"],
    conditions: [
      { test: "Null", variable: "kms:EncryptionContext:workspaceId", values: ["false"] },
      { test: "StringEquals", variable: "kms:EncryptionContext:purpose", values: SECRET_PURPOSES },
      {
        test: "ForAllValues:StringEquals",
        variable: "kms:EncryptionContextKeys",
        values: SECRET_CONTEXT_KEYS,
      },
    ],
  },
  // Runs' one-shot wake-ups and cron triggers' recurring schedules, both in the stage's group: the API
  // creates and deletes a trigger's, the worker a wake-up's (and deletes an orphaned trigger's).
  { actions: ["scheduler:CreateSchedule", "scheduler:DeleteSchedule"], resources: ["schedules"] },
  {
    actions: ["iam:PassRole"],
    resources: ["schedulerRole"],
    conditions: [{ test: "StringEquals", variable: "iam:PassedToService", values: [SCHEDULER_SERVICE] }],
  },
];

/**
 * The statements of the functions that hold the blob bucket (FunctionSettings.blobStore), beside
 * ENGINE_PERMISSIONS: a blob's object read, written and deleted, on this stage's bucket only. s3:ListBucket
 * is there for one reason: without it S3 answers a get of a missing object 403 rather than 404, and the blob
 * store could not tell "no such blob" from "refused".
 */
export const BLOB_PERMISSIONS: readonly PermissionSettings[] = [
  { actions: ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"], resources: ["blobObjects"] },
  { actions: ["s3:ListBucket"], resources: ["blobBucket"] },
];

/**
 * The blob bucket's lifecycle (infra/blobs.ts), in the shape of its S3 rules. No rule expires a blob: nothing
 * expires runs (the table keeps them for good, docs/data-model.md), and a run must still find every blob it
 * points to. What does expire is what no reader needs: the versions a put replaced or a delete removed,
 * kept as long as the table's point-in-time recovery reaches back (35 days), so a table restored to a day
 * in that window finds its blobs' content as it was (by hand, from the versions); the delete markers left
 * once those are gone; and the parts of a multipart upload that never completed (the adapter sends single
 * PutObjects, but any client of the bucket could start one), which S3 would bill forever.
 */
export const BLOB_LIFECYCLE_RULES = [
  {
    id: "abort-incomplete-multipart-uploads",
    status: "Enabled",
    filter: {},
    abortIncompleteMultipartUpload: { daysAfterInitiation: 1 },
  },
  {
    id: "expire-replaced-versions",
    status: "Enabled",
    filter: {},
    noncurrentVersionExpiration: { noncurrentDays: 35 },
    expiration: { expiredObjectDeleteMarker: true },
  },
] as const;

/** What the Scheduler's own role may do: deliver to the step queue, nothing else. */
export const SCHEDULER_ROLE_ACTIONS = ["sqs:SendMessage"] as const;
