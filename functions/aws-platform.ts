import { createDynamoClient } from "../core/adapters/dynamodb/table/dynamo-client";
import type { Config } from "../core/config";
import { loadOnce } from "../core/domain/load-once";
import type { RunEventMessage } from "../core/domain/run-event-messages";
import type { BlobStore } from "../core/ports/blob-store";
import { systemClock } from "../core/ports/clock";
import type { KeyVault } from "../core/ports/key-vault";
import type { Queue } from "../core/ports/queue";
import type { Scheduler } from "../core/ports/scheduler";
import type { Platform } from "./deps";

/** The settings the AWS adapters cannot do without; infra/settings.ts must give each of them to every function. */
export const AWS_PLATFORM_SETTINGS = [
  "STEP_QUEUE_URL",
  "STEP_QUEUE_ARN",
  "RUN_EVENT_QUEUE_URL",
  "SCHEDULE_GROUP",
  "SCHEDULER_ROLE_ARN",
  "KMS_KEY_ID",
] as const satisfies readonly (keyof Config)[];

/** Where the AWS services are reached when it is not AWS itself: an emulator such as LocalStack. */
export interface AwsConnection {
  /**
   * Every client's endpoint (DynamoDB's unless DYNAMODB_ENDPOINT names another), with fixed dummy
   * credentials as an emulator accepts. Unset, the SDK picks its endpoint itself: AWS_ENDPOINT_URL (or
   * AWS_ENDPOINT_URL_<SERVICE>) from the environment when set, else the region's.
   */
  endpoint?: string | undefined;
}

/**
 * The AWS adapters, from the settings the infra gives every function. DynamoDB, which nearly every call
 * needs, is built at once. The SQS, Scheduler, KMS and S3 adapters, each with its SDK client, are imported
 * and built on their first call: the API serves most requests, and the sweeper most minutes, without one,
 * and none of them is then loaded during a cold start (each is a chunk of its own in the bundle). Each is
 * built once per process, as before; a missing setting still fails here, at load time, except
 * BLOB_BUCKET, which only the functions holding the blob bucket get: elsewhere the blob store's first call
 * fails.
 */
export function awsPlatform(config: Config, connection: AwsConnection = {}): Platform {
  const required = (name: (typeof AWS_PLATFORM_SETTINGS)[number]) => {
    const value = config[name];
    if (typeof value !== "string" || value === "") throw new Error(`${name} is not set`);
    return value;
  };
  const stepQueueUrl = required("STEP_QUEUE_URL");
  const runEventQueueUrl = required("RUN_EVENT_QUEUE_URL");
  const scheduleSettings = {
    groupName: required("SCHEDULE_GROUP"),
    queueArn: required("STEP_QUEUE_ARN"),
    roleArn: required("SCHEDULER_ROLE_ARN"),
  };
  const keyId = required("KMS_KEY_ID");
  const blobBucket = config.BLOB_BUCKET;
  const { endpoint } = connection;
  const clientConfig = {
    region: config.AWS_REGION,
    ...(endpoint ? { endpoint, credentials: { accessKeyId: "local", secretAccessKey: "local" } } : {}),
  };
  // By default the SQS client sends each request to its QueueUrl's host, not to an AWS_ENDPOINT_URL from the
  // environment (only an `endpoint` in its config stops that). In AWS the two are the same host anyway.
  const sqsConfig = { ...clientConfig, useQueueUrlAsEndpoint: false };
  const sqsQueue = <M extends { workspaceId: string }>(queueUrl: string): Queue<M> => {
    const queue = loadOnce(async () => {
      const [{ SQSClient }, { SqsQueue }] = await Promise.all([
        import("@aws-sdk/client-sqs"),
        import("../core/adapters/aws/sqs-queue"),
      ]);
      return new SqsQueue<M>({ client: new SQSClient(sqsConfig), queueUrl });
    });
    return { send: async (message, options) => (await queue()).send(message, options) };
  };

  const scheduler = loadOnce(async () => {
    const [{ SchedulerClient }, { EventBridgeScheduler }] = await Promise.all([
      import("@aws-sdk/client-scheduler"),
      import("../core/adapters/aws/eventbridge-scheduler"),
    ]);
    return new EventBridgeScheduler({ client: new SchedulerClient(clientConfig), ...scheduleSettings });
  });

  const keyVault = loadOnce(async () => {
    const [{ KMSClient }, { KmsKeyVault }] = await Promise.all([
      import("@aws-sdk/client-kms"),
      import("../core/adapters/aws/kms-key-vault"),
    ]);
    return new KmsKeyVault({ client: new KMSClient(clientConfig), keyId, clock: systemClock });
  });

  const blobs = loadOnce(async () => {
    if (blobBucket === undefined) {
      throw new Error("BLOB_BUCKET is not set: this function holds no blob bucket (infra/settings.ts)");
    }
    const [{ S3Client }, { S3BlobStore }] = await Promise.all([
      import("@aws-sdk/client-s3"),
      import("../core/adapters/aws/s3-blob-store"),
    ]);
    // An emulator's endpoint is one host without a subdomain per bucket: path-style addresses there, the
    // bucket's own host in AWS.
    const client = new S3Client({ ...clientConfig, ...(endpoint ? { forcePathStyle: true } : {}) });
    return new S3BlobStore({ client, bucket: blobBucket });
  });

  return {
    dynamo: createDynamoClient({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT ?? endpoint }),
    queue: sqsQueue(stepQueueUrl),
    runEventQueue: sqsQueue<RunEventMessage>(runEventQueueUrl),
    scheduler: {
      schedule: async (name, atMs, message) => (await scheduler()).schedule(name, atMs, message),
      scheduleRecurring: async (name, schedule, message) =>
        (await scheduler()).scheduleRecurring(name, schedule, message),
      cancel: async (name) => (await scheduler()).cancel(name),
    } satisfies Scheduler,
    keyVault: {
      encrypt: async (plaintext, context) => (await keyVault()).encrypt(plaintext, context),
      decrypt: async (ciphertext, context) => (await keyVault()).decrypt(ciphertext, context),
    } satisfies KeyVault,
    blobs: {
      put: async (key, content) => (await blobs()).put(key, content),
      get: async (key) => (await blobs()).get(key),
      delete: async (key) => (await blobs()).delete(key),
    } satisfies BlobStore,
    clock: systemClock,
  };
}
