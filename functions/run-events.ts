import { createSqsBatchHandler } from "../core/adapters/aws/sqs-batch";
import { createRunEventWorkerStore } from "../core/adapters/dynamodb/run-event-worker-store";
import { createLambdaLogger } from "../core/adapters/log/lambda-logger";
import { type Config, loadConfig } from "../core/config";
import { RunEventMessageSchema } from "../core/domain/run-event-message-schema";
import type { Logger } from "../core/ports/logger";
import { createRunEventWorker } from "../core/run-events/worker";
import { awsPlatform } from "./aws-platform";
import { buildDeps, type Platform } from "./deps";

/**
 * The run-event worker: the outbox's dispatches (to webhook deliveries and approver mail) and webhook
 * delivery attempts from the run-event queue. A failed record goes back to the queue alone (partial batch
 * response); a receiver's failure is not a record failure, it is recorded on the delivery and retried on its
 * own schedule.
 */
export function createRunEventsHandler(config: Config, log: Logger, platform: Platform) {
  return createSqsBatchHandler({
    process: createRunEventWorker(buildDeps(config, log, platform, createRunEventWorkerStore)),
    schema: RunEventMessageSchema,
    log,
  });
}

const config = loadConfig(process.env);
export const handler = createRunEventsHandler(
  config,
  createLambdaLogger({ level: config.LOG_LEVEL }),
  awsPlatform(config),
);
