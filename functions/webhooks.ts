import { createSqsBatchHandler } from "../core/adapters/aws/sqs-batch";
import { createWebhookWorkerStore } from "../core/adapters/dynamodb/webhook-worker-store";
import { createLambdaLogger } from "../core/adapters/log/lambda-logger";
import { type Config, loadConfig } from "../core/config";
import { WebhookMessageSchema } from "../core/domain/webhook-message-schema";
import type { Logger } from "../core/ports/logger";
import { createWebhookWorker } from "../core/webhooks/worker";
import { awsPlatform } from "./aws-platform";
import { buildDeps, type Platform } from "./deps";

/**
 * The webhook worker: dispatches and delivery attempts from the webhook queue. A failed record goes back to
 * the queue alone (partial batch response); a receiver's failure is not a record failure, it is recorded on
 * the delivery and retried on its own schedule.
 */
export function createWebhooksHandler(config: Config, log: Logger, platform: Platform) {
  return createSqsBatchHandler({
    process: createWebhookWorker(buildDeps(config, log, platform, createWebhookWorkerStore)),
    schema: WebhookMessageSchema,
    log,
  });
}

const config = loadConfig(process.env);
export const handler = createWebhooksHandler(
  config,
  createLambdaLogger({ level: config.LOG_LEVEL }),
  awsPlatform(config),
);
