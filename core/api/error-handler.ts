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
 * The one place an error becomes a response. Known errors keep their code and message; anything else is
 * logged with its cause and answered INTERNAL_ERROR, with nothing of the cause in the body.
 */
export function handleError(error: Error, c: Context): Response {
  let appError: AppError;
  if (error instanceof AppError) appError = error;
  else if (error instanceof ZodError) appError = toValidationError(error);
  // A request whose data would carry a run past a bound (its state, an item): refused, nothing written.
  else if (error instanceof BoundExceeded)
    appError = new ValidationError(error.message, { details: { code: error.code } });
  else if (error instanceof HTTPException && error.status < 500) appError = fromHttpException(error);
  else {
    const log: Logger | undefined = c.get("log");
    log?.error({ err: error }, "unhandled error");
    appError = new AppError(ErrorCode.INTERNAL_ERROR, "Internal server error");
  }
  if (appError instanceof RateLimitError) c.header("Retry-After", String(appError.retryAfterSec));
  return c.json(failure(appError), statusOf(appError));
}
