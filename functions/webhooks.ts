import { createSqsBatchHandler } from "../core/adapters/aws/sqs-batch";
import { loadConfig } from "../core/config";
import { createPinoLogger } from "../core/log/pino-logger";
import { WebhookMessageSchema } from "../core/webhooks/messages";
import { createWebhookWorker } from "../core/webhooks/worker";
import { awsPlatform } from "./aws-platform";
import { buildDeps } from "./deps";

/**
 * The webhook worker: dispatches and delivery attempts from the webhook queue. A failed record goes back to
 * the queue alone (partial batch response); a receiver's failure is not a record failure, it is recorded on
 * the delivery and retried on its own schedule.
 */
const config = loadConfig(process.env);
const log = createPinoLogger({ level: config.LOG_LEVEL });
const deps = buildDeps(config, log, awsPlatform(config));

export const handler = createSqsBatchHandler({
  process: createWebhookWorker(deps),
  schema: WebhookMessageSchema,
  log,
});
