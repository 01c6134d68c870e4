import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ValidationError } from "../../domain/errors";
import { jsonTextExceedsDepth } from "../../domain/json-bounds";
import { LIMITS } from "../../domain/limits";

const MIB = 1024 * 1024;
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/**
 * Refuses bodies over 1 MiB with a 413, and JSON nested deeper than the depth bound with a 400, before any
 * route parses or validates them: zod, JSON.stringify and the store all recurse, and a body 100,000 levels
 * deep must be a 400, not a stack overflow.
 */
export function bodySize(): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: LIMITS.requestBodyBytes,
    onError: () => {
      throw new ValidationError(`Request body exceeds the ${LIMITS.requestBodyBytes / MIB} MiB limit`, {
        status: 413,
      });
    },
  });
  return (c, next) =>
    limit(c, async () => {
      if (JSON_MEDIA_TYPE.test(c.req.header("content-type") ?? "")) {
        // Read once here; Hono caches the text, so the route's validator parses the same bytes.
        if (jsonTextExceedsDepth(await c.req.text())) {
          throw new ValidationError(`Request body nests deeper than ${LIMITS.jsonDepth} levels`, {
            details: { issues: [{ path: "", message: `at most ${LIMITS.jsonDepth} levels of nesting` }] },
          });
        }
      }
      await next();
    });
}
