/**
 * A step attempt's failure. `retryable` decides whether the step's retry policy applies: a bad configuration
 * fails the same way every time, so retrying it only delays the inevitable.
 */
export class StepError extends Error {
  readonly code: string;
  readonly retryable: boolean;

  constructor(code: string, message: string, options: { retryable?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "StepError";
    this.code = code;
    this.retryable = options.retryable ?? true;
  }
}
