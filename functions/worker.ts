import { createSqsBatchHandler } from "../core/adapters/aws/sqs-batch";
import { createPinoLogger } from "../core/adapters/log/pino-logger";
import { type Config, loadConfig } from "../core/config";
import type { Logger } from "../core/ports/logger";
import { buildAdvancer } from "./advancer";
import { awsPlatform } from "./aws-platform";
import { buildDeps, type Platform } from "./deps";

/** The step worker: SQS doorbells in, runs advanced, failed records handed back for redelivery. */
export function createWorkerHandler(config: Config, log: Logger, platform: Platform) {
  return createSqsBatchHandler({ process: buildAdvancer(buildDeps(config, log, platform)), log });
}

const config = loadConfig(process.env);
export const handler = createWorkerHandler(
  config,
  createPinoLogger({ level: config.LOG_LEVEL }),
  awsPlatform(config),
);
