import { pino } from "pino";
import type { Logger } from "../../ports/logger";

/**
 * Field names that may carry a secret. The code never logs such values on purpose; redaction is the belt to
 * that braces, so a careless `log.info({ body })` still cannot leak a key into CloudWatch.
 */
const SECRET_FIELDS = [
  "apiKey",
  "key",
  "password",
  "secret",
  "token",
  "inviteCode",
  "authorization",
  "x-api-key",
  "x-admin-token",
];
const REDACT_PATHS = SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]).map((path) =>
  path.includes("-") ? path.replace(/([^.]*-[^.]*)$/, '["$1"]') : path,
);

export function createPinoLogger(options: { level: string; destination?: pino.DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      messageKey: "message",
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
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
