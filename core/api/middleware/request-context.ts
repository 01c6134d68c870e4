import type { MiddlewareHandler } from "hono";
import type { Logger } from "../../ports/logger";
import type { AppEnv } from "../env";

const REQUEST_ID_PATTERN = /^[\w.:-]{1,128}$/;

/**
 * Gives each request an id (the caller's `x-request-id` when it is sane, else a new one), a logger bound to
 * it, and one access-log line when it ends. Headers and bodies are never logged: they may carry secrets.
 */
export function requestContext(options: { log: Logger; newId: () => string }): MiddlewareHandler<AppEnv> {
  return async function requestContextMiddleware(c, next) {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : options.newId();
    const log = options.log.child({ requestId });
    c.set("requestId", requestId);
    c.set("log", log);
    const startedAt = performance.now();
    await next();
    c.header("x-request-id", requestId);
    const fields = {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs: Math.round(performance.now() - startedAt),
      workspaceId: (c.var as { workspaceId?: string }).workspaceId,
    };
    if (c.res.status >= 500) log.error(fields, "request failed");
    else log.info(fields, "request");
  };
}
