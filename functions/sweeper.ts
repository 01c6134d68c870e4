import { loadConfig } from "../core/config";
import { sweepOverdueRuns } from "../core/engine/sweeper";
import { createPinoLogger } from "../core/log/pino-logger";
import { awsPlatform } from "./aws-platform";
import { buildDeps } from "./deps";

/** Runs every minute on a schedule: re-rings runs whose doorbell was lost or whose worker died. */
const config = loadConfig(process.env);
const log = createPinoLogger({ level: config.LOG_LEVEL });
const deps = buildDeps(config, log, awsPlatform(config));

export async function handler(): Promise<{ rung: number }> {
  return { rung: await sweepOverdueRuns(deps) };
}
