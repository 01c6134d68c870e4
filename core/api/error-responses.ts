import type { ErrorCode } from "../domain/errors";

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500;
type ErrorExample = { code: ErrorCode; message: string; details?: Record<string, unknown> };

/** What each error status means in this API, and a body a client may see with it. */
const ERRORS: Record<ErrorStatus, { description: string; example: ErrorExample }> = {
  400: {
    description: "VALIDATION_ERROR: the body, query or path is invalid (see `error.details.issues`)",
    example: {
      code: "VALIDATION_ERROR",
      message: "Request body is invalid",
      details: { issues: [{ path: "name", message: "Too small: expected string to have >=1 characters" }] },
    },
  },
  401: {
    description: "AUTH_ERROR: missing, invalid or revoked credentials",
    example: { code: "AUTH_ERROR", message: "Missing or invalid API key" },
  },
  403: {
    description: "FORBIDDEN: the caller may not do this (an approval it is not assigned to)",
    example: { code: "FORBIDDEN", message: "This approval is not assigned to you" },
  },
  404: {
    description: "NOT_FOUND: no such resource in the caller's workspace",
    example: { code: "NOT_FOUND", message: "Workflow run not found" },
  },
  409: {
    description: "CONFLICT: the resource exists or is in a state that forbids the operation",
    example: { code: "CONFLICT", message: "Run is COMPLETED" },
  },
  413: {
    description: "VALIDATION_ERROR: the request body is over 1 MiB",
    example: { code: "VALIDATION_ERROR", message: "Request body exceeds the 1 MiB limit" },
  },
  415: {
    description: "VALIDATION_ERROR: the request body is not `application/json`",
    example: { code: "VALIDATION_ERROR", message: "Content-Type must be application/json" },
  },
  429: {
    description: "RATE_LIMIT_ERROR: the rate limit is exceeded; see `Retry-After`",
    example: { code: "RATE_LIMIT_ERROR", message: "Rate limit exceeded" },
  },
  500: {
    description: "INTERNAL_ERROR: something unexpected failed; the cause is logged, never returned",
    example: { code: "INTERNAL_ERROR", message: "Internal error" },
  },
};

export const ERROR_STATUSES = Object.keys(ERRORS).map(Number) as ErrorStatus[];
export type { ErrorStatus };

/** An error response in the envelope, for a route definition (zod schema) or the document ($ref). */
export function errorResponse<S>(status: ErrorStatus, schema: S) {
  const { description, example } = ERRORS[status];
  return {
    description,
    content: { "application/json": { schema, example: { success: false as const, error: example } } },
  };
}
