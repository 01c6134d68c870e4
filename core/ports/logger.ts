/** Structured logging as the core uses it; pino satisfies it, and so does a silent logger in tests. */
export interface Logger {
  debug(fields: object, message?: string): void;
  info(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
  error(fields: object, message?: string): void;
  child(bindings: Record<string, unknown>): Logger;
}
