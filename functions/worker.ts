import { createSqsBatchHandler } from "../core/adapters/aws/sqs-batch";
import { createStore } from "../core/adapters/dynamodb/store";
import { createLambdaLogger } from "../core/adapters/log/lambda-logger";
import { type Config, loadConfig } from "../core/config";
import type { Logger } from "../core/ports/logger";
import { buildAdvancer } from "./advancer";
import { awsPlatform } from "./aws-platform";
import { buildDeps, type Platform } from "./deps";
import { flushingAfter, lambdaTelemetry } from "./lambda-telemetry";

/** The step worker: SQS doorbells in, runs advanced, failed records handed back for redelivery. */
export function createWorkerHandler(config: Config, log: Logger, platform: Platform) {
  const deps = buildDeps(config, log, platform, createStore);
  const observeWait = (waitedMs: number) =>
    deps.telemetry.metrics([{ name: "weft_queue_age_ms", value: waitedMs }]);
  return flushingAfter(
    deps.telemetry,
    createSqsBatchHandler({ process: buildAdvancer(deps), log, observeWait }),
  );
}

const config = loadConfig(process.env);
export const handler = createWorkerHandler(config, createLambdaLogger({ level: config.LOG_LEVEL }), {
  ...awsPlatform(config),
  telemetry: lambdaTelemetry(config),
});
