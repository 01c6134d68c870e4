import { KMSClient } from "@aws-sdk/client-kms";
import { SchedulerClient } from "@aws-sdk/client-scheduler";
import { SQSClient } from "@aws-sdk/client-sqs";
import { EventBridgeScheduler } from "../core/adapters/aws/eventbridge-scheduler";
import { KmsKeyVault } from "../core/adapters/aws/kms-key-vault";
import { SqsQueue } from "../core/adapters/aws/sqs-queue";
import type { Config } from "../core/config";
import { systemClock } from "../core/ports/clock";
import { createDynamoClient } from "../core/store/dynamo-client";
import type { WebhookMessage } from "../core/webhooks/messages";
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

/** The AWS adapters, from the settings the infra gives every function. */
export function awsPlatform(config: Config): Platform {
  const required = (name: (typeof AWS_PLATFORM_SETTINGS)[number]) => {
    const value = config[name];
    if (typeof value !== "string" || value === "") throw new Error(`${name} is not set`);
    return value;
  };
  return {
    dynamo: createDynamoClient({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT }),
    queue: new SqsQueue({
      client: new SQSClient({ region: config.AWS_REGION }),
      queueUrl: required("STEP_QUEUE_URL"),
    }),
    webhookQueue: new SqsQueue<WebhookMessage>({
      client: new SQSClient({ region: config.AWS_REGION }),
      queueUrl: required("WEBHOOK_QUEUE_URL"),
    }),
    scheduler: new EventBridgeScheduler({
      client: new SchedulerClient({ region: config.AWS_REGION }),
      groupName: required("SCHEDULE_GROUP"),
      queueArn: required("STEP_QUEUE_ARN"),
      roleArn: required("SCHEDULER_ROLE_ARN"),
    }),
    keyVault: new KmsKeyVault({
      client: new KMSClient({ region: config.AWS_REGION }),
      keyId: required("KMS_KEY_ID"),
      clock: systemClock,
    }),
    clock: systemClock,
  };
}
