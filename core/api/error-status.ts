import type { ContentfulStatusCode } from "hono/utils/http-status";
import { type AppError, ErrorCode } from "../domain/errors";

/** The one table where an error code becomes an HTTP status (spec section 7). */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  AUTH_ERROR: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMIT_ERROR: 429,
  INTERNAL_ERROR: 500,
} as const satisfies Record<ErrorCode, ContentfulStatusCode>;

export function statusOf(error: AppError): ContentfulStatusCode {
  return (error.status ?? ERROR_STATUS[error.code]) as ContentfulStatusCode;
}

/** The code a status Hono itself raised stands for (malformed JSON 400, unsupported media type 415). */
export function codeOfStatus(status: number): ErrorCode {
  if (status === 401) return ErrorCode.AUTH_ERROR;
  if (status === 404) return ErrorCode.NOT_FOUND;
  return ErrorCode.VALIDATION_ERROR;
}
