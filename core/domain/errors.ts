/**
 * The service's error vocabulary. Every error a request can end in is an AppError whose `code` is one of
 * the specification's section 7 codes; the HTTP edge (core/api/error-status.ts) is the only place a code
 * becomes an HTTP status.
 */
export const ErrorCode = {
  VALIDATION_ERROR: "VALIDATION_ERROR",
  AUTH_ERROR: "AUTH_ERROR",
  /** Authenticated, but not allowed this act (an approval decided by someone it is not assigned to). */
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  RATE_LIMIT_ERROR: "RATE_LIMIT_ERROR",
  INTERNAL_ERROR: "INTERNAL_ERROR",
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export type ErrorDetails = Record<string, unknown>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails | undefined;
  /** Where HTTP has a more precise status than the code's usual one (403, 413, 415, 503). */
  readonly status: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: ErrorDetails; status?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.details = options.details;
    this.status = options.status;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, options: { details?: ErrorDetails; status?: number } = {}) {
    super(ErrorCode.VALIDATION_ERROR, message, options);
  }
}

export class AuthError extends AppError {
  constructor(message: string) {
    super(ErrorCode.AUTH_ERROR, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(ErrorCode.FORBIDDEN, message);
  }
}

export class NotFoundError extends AppError {
  constructor(resource: string) {
    super(ErrorCode.NOT_FOUND, `${resource} not found`);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, options: { cause?: unknown; details?: ErrorDetails } = {}) {
    super(ErrorCode.CONFLICT, message, options);
  }
}

export class RateLimitError extends AppError {
  readonly retryAfterSec: number;

  constructor(
    retryAfterSec: number,
    message = "Too many requests; retry after the time in the Retry-After header",
  ) {
    super(ErrorCode.RATE_LIMIT_ERROR, message);
    this.retryAfterSec = retryAfterSec;
  }
}
