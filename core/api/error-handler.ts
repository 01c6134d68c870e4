import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { AppError, ErrorCode, RateLimitError, ValidationError } from "../domain/errors";
import { BoundExceeded } from "../domain/limits";
import type { Logger } from "../ports/logger";
import { failure } from "./envelope";
import { codeOfStatus, statusOf } from "./error-status";
import { toValidationError } from "./validation";

/** Statuses Hono itself raises (malformed JSON 400, unsupported media type 415) mapped onto our codes. */
function fromHttpException(error: HTTPException): AppError {
  const message =
    error.status === 415 ? "Content-Type must be application/json" : error.message || "Invalid request";
  return new AppError(codeOfStatus(error.status), message, {
    status: error.status < 500 ? error.status : 400,
  });
}

/**
 * An error as the API answers it: known errors keep their code and message; anything else is logged with
 * its cause and becomes INTERNAL_ERROR, with nothing of the cause in what the caller gets. Shared by the
 * REST routes and the MCP tools (core/api/mcp), so both refuse alike.
 */
export function toAppError(error: unknown, log: Logger | undefined): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return toValidationError(error);
  // A request whose data would carry a run past a bound (its state, an item): refused, nothing written.
  if (error instanceof BoundExceeded) {
    return new ValidationError(error.message, { details: { code: error.code } });
  }
  if (error instanceof HTTPException && error.status < 500) return fromHttpException(error);
  log?.error({ err: error }, "unhandled error");
  return new AppError(ErrorCode.INTERNAL_ERROR, "Internal server error");
}

/** The one place an error becomes a response. */
export function handleError(error: Error, c: Context): Response {
  const log: Logger | undefined = c.get("log");
  const appError = toAppError(error, log);
  if (appError instanceof RateLimitError) c.header("Retry-After", String(appError.retryAfterSec));
  return c.json(failure(appError), statusOf(appError));
}
