import { pino } from "pino";
import type { Logger } from "../../ports/logger";
import { REDACTED, SECRET_FIELDS } from "./secret-fields";

/** The first three levels of nesting: pino compiles each path, so the depth is bounded. */
const REDACT_PATHS = SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]).map((path) =>
  path.includes("-") ? path.replace(/([^.]*-[^.]*)$/, '["$1"]') : path,
);

/**
 * The local service's logger, and the tests' (which give it a destination stream to read). The Lambda
 * functions log with lambda-logger.ts, in the same shape: pino costs a cold start about 14 ms of CPU.
 */
export function createPinoLogger(options: { level: string; destination?: pino.DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      messageKey: "message",
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: REDACTED },
    },
    options.destination,
  );
}

export const silentLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  child: () => silentLogger,
};
