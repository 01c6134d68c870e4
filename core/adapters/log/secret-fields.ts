/**
 * Field names that may carry a secret. The code never logs such values on purpose; redaction is the belt to
 * that braces, so a careless `log.info({ body })` still cannot leak a key into CloudWatch. Both loggers
 * (pino-logger.ts locally, lambda-logger.ts on Lambda) write this in place of their values.
 */
export const SECRET_FIELDS = [
  "apiKey",
  "key",
  "password",
  "secret",
  "token",
  "inviteCode",
  "authorization",
  "x-api-key",
  "x-admin-token",
] as const;

export const REDACTED = "[redacted]";
