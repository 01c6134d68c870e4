import { KMSClient } from "@aws-sdk/client-kms";
import { SchedulerClient } from "@aws-sdk/client-scheduler";
import { SQSClient } from "@aws-sdk/client-sqs";
import { EventBridgeScheduler } from "../core/adapters/aws/eventbridge-scheduler";
import { KmsKeyVault } from "../core/adapters/aws/kms-key-vault";
import { SqsQueue } from "../core/adapters/aws/sqs-queue";
import { createDynamoClient } from "../core/adapters/dynamodb/dynamo-client";
import type { Config } from "../core/config";
import type { WebhookMessage } from "../core/domain/webhook-messages";
import { systemClock } from "../core/ports/clock";
import type { Platform } from "./deps";

/** The settings the AWS adapters cannot do without; infra/settings.ts must give each of them to every function. */
export const AWS_PLATFORM_SETTINGS = [
  "STEP_QUEUE_URL",
  "STEP_QUEUE_ARN",
  "WEBHOOK_QUEUE_URL",
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

/** The AWS adapters, from the settings the infra gives every function. */
export function awsPlatform(config: Config, connection: AwsConnection = {}): Platform {
  const required = (name: (typeof AWS_PLATFORM_SETTINGS)[number]) => {
    const value = config[name];
    if (typeof value !== "string" || value === "") throw new Error(`${name} is not set`);
    return value;
  };
  const { endpoint } = connection;
  const clientConfig = {
    region: config.AWS_REGION,
    ...(endpoint ? { endpoint, credentials: { accessKeyId: "local", secretAccessKey: "local" } } : {}),
  };
  // By default the SQS client sends each request to its QueueUrl's host, not to an AWS_ENDPOINT_URL from the
  // environment (only an `endpoint` in its config stops that). In AWS the two are the same host anyway.
  const sqsConfig = { ...clientConfig, useQueueUrlAsEndpoint: false };
  return {
    dynamo: createDynamoClient({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT ?? endpoint }),
    queue: new SqsQueue({
      client: new SQSClient(sqsConfig),
      queueUrl: required("STEP_QUEUE_URL"),
    }),
    webhookQueue: new SqsQueue<WebhookMessage>({
      client: new SQSClient(sqsConfig),
      queueUrl: required("WEBHOOK_QUEUE_URL"),
    }),
    scheduler: new EventBridgeScheduler({
      client: new SchedulerClient(clientConfig),
      groupName: required("SCHEDULE_GROUP"),
      queueArn: required("STEP_QUEUE_ARN"),
      roleArn: required("SCHEDULER_ROLE_ARN"),
    }),
    keyVault: new KmsKeyVault({
      client: new KMSClient(clientConfig),
      keyId: required("KMS_KEY_ID"),
      clock: systemClock,
    }),
    clock: systemClock,
  };
}
