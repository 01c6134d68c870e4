import { createSweepStore } from "../core/adapters/dynamodb/sweep-store";
import { createLambdaLogger } from "../core/adapters/log/lambda-logger";
import { type Config, loadConfig } from "../core/config";
import { sweepOverdueRuns } from "../core/engine/sweeper";
import type { Logger } from "../core/ports/logger";
import { sweepRunEventOutbox } from "../core/run-events/sweeper";
import { awsPlatform } from "./aws-platform";
import { buildDeps, type Platform } from "./deps";

/**
 * Runs every minute on a schedule: re-rings runs whose doorbell was lost or whose worker died, and re-sends
 * the run-event outbox's dispatches and webhook attempts that are overdue.
 */
export function createSweeperHandler(config: Config, log: Logger, platform: Platform) {
  const deps = buildDeps(config, log, platform, createSweepStore);
  return async function sweep(): Promise<{ rung: number; runEvents: number }> {
    return { rung: await sweepOverdueRuns(deps), runEvents: await sweepRunEventOutbox(deps) };
  };
}

const config = loadConfig(process.env);
export const handler = createSweeperHandler(
  config,
  createLambdaLogger({ level: config.LOG_LEVEL }),
  awsPlatform(config),
);
