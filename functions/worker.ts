import { createSqsBatchHandler } from "../core/adapters/aws/sqs-batch";
import { loadConfig } from "../core/config";
import { createPinoLogger } from "../core/log/pino-logger";
import { buildAdvancer } from "./advancer";
import { awsPlatform } from "./aws-platform";
import { buildDeps } from "./deps";

/** The step worker: SQS doorbells in, runs advanced, failed records handed back for redelivery. */
const config = loadConfig(process.env);
const log = createPinoLogger({ level: config.LOG_LEVEL });
const deps = buildDeps(config, log, awsPlatform(config));

export const handler = createSqsBatchHandler({ process: buildAdvancer(deps), log });
