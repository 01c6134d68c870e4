import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GetQueueAttributesCommand, type SQSClient } from "@aws-sdk/client-sqs";
import { inject, vi } from "vitest";
import { EventBridgeScheduler } from "../../core/adapters/aws/eventbridge-scheduler";
import { KmsKeyVault } from "../../core/adapters/aws/kms-key-vault";
import { SqsQueue } from "../../core/adapters/aws/sqs-queue";
import { ensureTable } from "../../core/adapters/dynamodb/table/create-table";
import { createDynamoClient } from "../../core/adapters/dynamodb/table/dynamo-client";
import { FileBlobStore } from "../../core/adapters/local/file-blob-store";
import { createPinoLogger, silentLogger } from "../../core/adapters/log/pino-logger";
import { type Config, loadConfig } from "../../core/config";
import type { RunEventMessage } from "../../core/domain/run-event-messages";
import { systemClock } from "../../core/ports/clock";
import { awsPlatform } from "../../functions/aws-platform";
import type { Platform } from "../../functions/deps";
import { FUNCTIONS } from "../../infra/settings";
import { installLambdaStreamingRuntime } from "../functions/lambda-streaming-runtime";
import type { Send } from "../helpers/runs";
import { type AwsResources, createAwsResources, endpointClients } from "./aws-resources";
import { EndpointScheduleDriver } from "./endpoint-schedules";
import type { IntegrationMode } from "./global-setup";
import { type ApiHandler, functionUrlEvent, lambdaContext, toResponse } from "./lambda-events";
import { LocalAws } from "./local-aws";
import { type Poller, startPoller } from "./poller";

/**
 * The deployed service in a test process: its resources (on the AWS endpoint, or local stand-ins), the four
 * Lambda handlers built by functions/*.ts from a platform of real AWS adapters, and a poller that feeds the
 * queues' messages to the worker and run-event handlers as Lambda's event source mappings would. Each handler
 * gets its own platform (its own SDK clients, key cache, definition cache), as separate Lambdas have.
 */
export interface IntegrationService {
  mode: IntegrationMode;
  config: Config;
  /** Calls the API handler with a function URL event and answers with its response. */
  send: Send;
  poller: Poller;
  /** Invokes the sweeper handler, as its one-minute schedule does. */
  sweep(): Promise<{ rung: number; runEvents: number }>;
  /** Names of the EventBridge schedules still pending in the group. */
  pendingSchedules(): Promise<string[]>;
  /** Messages in the two DLQs. */
  deadLetters(): Promise<number>;
  /** The stand-ins, in local mode only: to assert what was sent to SQS, Scheduler and KMS. */
  local?: LocalAws;
  /** On an AWS endpoint only: fires its due schedules, which an emulator's Scheduler never does. */
  endpointSchedules?: EndpointScheduleDriver;
  stop(): Promise<void>;
}

/** Short, so a record the handler reports as failed comes back within a test; the infra uses 6x the timeout. */
const VISIBILITY_TIMEOUT_SECONDS = 5;
const MAX_RECEIVE_COUNT = 5;

interface Resources {
  tableName: string;
  stepQueue: { url: string; arn: string };
  runEventQueue: { url: string; arn: string };
  dlqUrls: string[];
  scheduleGroup: string;
  schedulerRoleArn: string;
  kmsKeyId: string;
}

export async function startIntegrationService(env: Record<string, string> = {}): Promise<IntegrationService> {
  const mode = inject("integrationMode");
  const prefix = `weft-it-${randomBytes(4).toString("hex")}`;
  const log = process.env.TEST_LOG ? createPinoLogger({ level: "debug" }) : silentLogger;

  let resources: Resources;
  let aws: AwsResources | undefined;
  let local: LocalAws | undefined;
  let endpointSchedules: EndpointScheduleDriver | undefined;
  let sqs: SQSClient;
  if (mode.kind === "aws") {
    aws = await createAwsResources(mode, prefix, {
      visibilityTimeoutSeconds: VISIBILITY_TIMEOUT_SECONDS,
      maxReceiveCount: MAX_RECEIVE_COUNT,
    });
    resources = { ...aws, dlqUrls: [aws.stepDlq.url, aws.runEventDlq.url] };
    const clients = endpointClients(mode);
    sqs = clients.sqs;
    endpointSchedules = new EndpointScheduleDriver({ scheduler: clients.scheduler, sqs }, aws.scheduleGroup);
  } else {
    local = new LocalAws(mode.region);
    const queueOptions = {
      visibilityTimeoutSeconds: VISIBILITY_TIMEOUT_SECONDS,
      maxReceiveCount: MAX_RECEIVE_COUNT,
    };
    const stepDlq = local.createQueue(`${prefix}-steps-dlq`, { visibilityTimeoutSeconds: 30 });
    const runEventDlq = local.createQueue(`${prefix}-run-events-dlq`, { visibilityTimeoutSeconds: 30 });
    const tableName = `${prefix}-table`;
    await ensureTable(createDynamoClient({ region: mode.region, endpoint: mode.dynamoEndpoint }), tableName);
    resources = {
      tableName,
      stepQueue: local.createQueue(`${prefix}-steps`, { ...queueOptions, dlq: stepDlq }),
      runEventQueue: local.createQueue(`${prefix}-run-events`, { ...queueOptions, dlq: runEventDlq }),
      dlqUrls: [stepDlq.url, runEventDlq.url],
      scheduleGroup: `${prefix}-schedules`,
      schedulerRoleArn: `arn:aws:iam::000000000000:role/${prefix}-scheduler`,
      kmsKeyId: local.createKey(),
    };
    sqs = local.sqsClient();
  }

  // What infra/engine-access.ts gives every function, plus the scenario's own settings.
  const functionEnv: Record<string, string> = {
    AWS_REGION: mode.region,
    TABLE_NAME: resources.tableName,
    STEP_QUEUE_URL: resources.stepQueue.url,
    STEP_QUEUE_ARN: resources.stepQueue.arn,
    RUN_EVENT_QUEUE_URL: resources.runEventQueue.url,
    SCHEDULE_GROUP: resources.scheduleGroup,
    SCHEDULER_ROLE_ARN: resources.schedulerRoleArn,
    KMS_KEY_ID: resources.kmsKeyId,
    LOG_LEVEL: process.env.TEST_LOG ? "debug" : "silent",
    ...(mode.kind === "local" ? { DYNAMODB_ENDPOINT: mode.dynamoEndpoint } : {}),
    ...env,
  };
  const config = loadConfig(functionEnv);
  const functions = await loadFunctions(functionEnv);

  // Local mode has no S3 stand-in: no function calls the blob store yet, so a folder of files stands in.
  const blobDir = mkdtempSync(join(tmpdir(), "weft-it-blobs-"));
  const platform = (): Platform => {
    if (mode.kind === "aws") return awsPlatform(config, { endpoint: mode.endpoint });
    const stand = local as LocalAws;
    return {
      dynamo: createDynamoClient({ region: mode.region, endpoint: mode.dynamoEndpoint }),
      queue: new SqsQueue({ client: stand.sqsClient(), queueUrl: resources.stepQueue.url }),
      runEventQueue: new SqsQueue<RunEventMessage>({
        client: stand.sqsClient(),
        queueUrl: resources.runEventQueue.url,
      }),
      scheduler: new EventBridgeScheduler({
        client: stand.schedulerClient(),
        groupName: resources.scheduleGroup,
        queueArn: resources.stepQueue.arn,
        roleArn: resources.schedulerRoleArn,
      }),
      keyVault: new KmsKeyVault({ client: stand.kmsClient(), keyId: resources.kmsKeyId, clock: systemClock }),
      blobs: new FileBlobStore(blobDir),
      clock: systemClock,
    };
  };

  const api = functions.api.createApiHandler(config, log, platform()) as unknown as ApiHandler;
  const worker = functions.worker.createWorkerHandler(config, log, platform());
  const runEvents = functions.runEvents.createRunEventsHandler(config, log, platform());
  const sweeper = functions.sweeper.createSweeperHandler(config, log, platform());

  const poller = startPoller({
    sqs,
    region: mode.region,
    waitTimeSeconds: mode.kind === "aws" ? 1 : 0,
    onIdle: () => (local ? local.fireDueSchedules() : endpointSchedules?.fireDueSchedules()),
    log: (message) => console.warn(`poller: ${message}`),
    subscriptions: [
      {
        name: "steps",
        queue: resources.stepQueue,
        batchSize: FUNCTIONS.worker.trigger.batchSize,
        handler: worker,
      },
      {
        name: "run-events",
        queue: resources.runEventQueue,
        batchSize: FUNCTIONS.runEvents.trigger.batchSize,
        handler: runEvents,
      },
    ],
  });

  const send: Send = async (method, path, init = {}) => {
    const headers = {
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...init.headers,
    };
    const body = init.body === undefined ? undefined : JSON.stringify(init.body);
    const result = await api(functionUrlEvent(method, path, { headers, body }), lambdaContext("weft-api"));
    return toResponse(result);
  };

  return {
    mode,
    config,
    send,
    poller,
    sweep: () => sweeper(),
    async pendingSchedules() {
      return aws ? aws.pendingSchedules() : (local?.pendingSchedules() ?? []);
    },
    async deadLetters() {
      let total = 0;
      for (const url of resources.dlqUrls) {
        const { Attributes = {} } = await sqs.send(
          new GetQueueAttributesCommand({
            QueueUrl: url,
            AttributeNames: ["ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible"],
          }),
        );
        total +=
          Number(Attributes.ApproximateNumberOfMessages ?? 0) +
          Number(Attributes.ApproximateNumberOfMessagesNotVisible ?? 0);
      }
      return total;
    },
    local,
    endpointSchedules,
    async stop() {
      await poller.stop();
      await aws?.destroy();
      rmSync(blobDir, { recursive: true, force: true });
    },
  };
}

/**
 * The four Lambda entry points. Each also wires its own `handler` from process.env at load, as on Lambda, so
 * they are imported with the functions' environment in place (then restored); the harness itself builds
 * its handlers with the exported create*Handler functions and a platform of its choosing.
 */
async function loadFunctions(env: Record<string, string>) {
  // The API's URL streams: its handler needs the runtime's awslambda global.
  installLambdaStreamingRuntime();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  try {
    const [api, worker, runEvents, sweeper] = await Promise.all([
      import("../../functions/api"),
      import("../../functions/worker"),
      import("../../functions/run-events"),
      import("../../functions/sweeper"),
    ]);
    return { api, worker, runEvents, sweeper };
  } finally {
    vi.unstubAllEnvs();
  }
}
