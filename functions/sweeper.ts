import { loadConfig } from "../core/config";
import { sweepOverdueRuns } from "../core/engine/sweeper";
import { createPinoLogger } from "../core/log/pino-logger";
import { sweepWebhookOutbox } from "../core/webhooks/outbox-sweeper";
import { awsPlatform } from "./aws-platform";
import { buildDeps } from "./deps";

/**
 * Runs every minute on a schedule: re-rings runs whose doorbell was lost or whose worker died, and re-sends
 * webhook dispatches and attempts that are overdue.
 */
const config = loadConfig(process.env);
const log = createPinoLogger({ level: config.LOG_LEVEL });
const deps = buildDeps(config, log, awsPlatform(config));

export async function handler(): Promise<{ rung: number; webhooks: number }> {
  return { rung: await sweepOverdueRuns(deps), webhooks: await sweepWebhookOutbox(deps) };
}
