import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ValidationError } from "../../errors";

export const MAX_BODY_BYTES = 1024 * 1024;

/** Refuses bodies over 1 MiB with a 413 in the envelope, before anything parses them. */
export function bodySize(): MiddlewareHandler {
  return bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new ValidationError("Request body exceeds the 1 MiB limit", { status: 413 });
    },
  });
}
