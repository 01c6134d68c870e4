import type { MiddlewareHandler } from "hono";
import type { Logger } from "../../ports/logger";
import type { AppEnv } from "../env";

const REQUEST_ID_PATTERN = /^[\w.:-]{1,128}$/;

/**
 * Paths that are themselves a credential: a signed approval link's page, `/a/<token>`, holds a token good
 * for 30 days. The access log names their route instead, so whoever reads logs cannot take one; the link's
 * page adds the approval's id once the token checks.
 */
const CREDENTIAL_PATHS: readonly { prefix: string; route: string }[] = [
  { prefix: "/a/", route: "/a/:token" },
];

/** The path as the access log writes it: a credential path's route, any other path as it came. */
export function loggedPath(path: string): string {
  return CREDENTIAL_PATHS.find(({ prefix }) => path.startsWith(prefix))?.route ?? path;
}

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
      path: loggedPath(c.req.path),
      status: c.res.status,
      durationMs: Math.round(performance.now() - startedAt),
      workspaceId: (c.var as { workspaceId?: string }).workspaceId,
      approvalId: (c.var as { approvalId?: string }).approvalId,
    };
    if (c.res.status >= 500) log.error(fields, "request failed");
    else log.info(fields, "request");
  };
}
