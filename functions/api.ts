import { handle } from "hono/aws-lambda";
import { createApp } from "../core/api/app";
import { loadConfig } from "../core/config";
import { createPinoLogger } from "../core/log/pino-logger";
import { awsPlatform } from "./aws-platform";
import { buildDeps } from "./deps";

/** The function URL's view of the caller: API Gateway v2 payload format, which function URLs use. */
interface FunctionUrlEnv {
  event?: { requestContext?: { http?: { sourceIp?: string } } };
}

// Built once per Lambda instance and reused by every invocation it serves.
const config = loadConfig(process.env);
const log = createPinoLogger({ level: config.LOG_LEVEL });
const app = createApp(buildDeps(config, log, awsPlatform(config)), {
  clientAddress: (c) => (c.env as FunctionUrlEnv | undefined)?.event?.requestContext?.http?.sourceIp,
});

export const handler = handle(app);
