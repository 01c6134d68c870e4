import { streamHandle } from "hono/aws-lambda";
import { createStore } from "../core/adapters/dynamodb/store";
import { createLambdaLogger } from "../core/adapters/log/lambda-logger";
import { createApp } from "../core/api/app";
import { type Config, loadConfig } from "../core/config";
import type { Logger } from "../core/ports/logger";
import { awsPlatform } from "./aws-platform";
import { buildDeps, type Platform } from "./deps";
import { lambdaTelemetry } from "./lambda-telemetry";

/** The function URL's view of the caller: API Gateway v2 payload format, which function URLs use. */
interface FunctionUrlEnv {
  event?: { requestContext?: { http?: { sourceIp?: string } } };
}

/**
 * The API's Lambda handler on any platform (the integration tests pass their own). Its function URL streams
 * (RESPONSE_STREAM, infra/settings.ts): every response is written to Lambda's response stream, a run's
 * live stream as it happens, the others whole.
 */
export function createApiHandler(config: Config, log: Logger, platform: Platform) {
  const deps = buildDeps(config, log, platform, createStore);
  const app = createApp(deps, {
    clientAddress: (c) => (c.env as FunctionUrlEnv | undefined)?.event?.requestContext?.http?.sourceIp,
    // Operations commit run changes too (creations, cancels, decisions): their telemetry leaves before the
    // answer, since a frozen function sends nothing.
    flushTelemetry: true,
  });
  return streamHandle(app);
}

// Built once per Lambda instance and reused by every invocation it serves.
const config = loadConfig(process.env);
export const handler = createApiHandler(config, createLambdaLogger({ level: config.LOG_LEVEL }), {
  ...awsPlatform(config),
  telemetry: lambdaTelemetry(config),
});
