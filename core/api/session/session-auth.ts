import type { Context, MiddlewareHandler } from "hono";
import { findSession } from "../../auth/session";
import { AuthError, NotFoundError, ValidationError } from "../../domain/errors";
import type { Deps } from "../../ports/deps";
import type { DashboardWorkspaceEnv, SessionEnv } from "./env";

export const WORKSPACE_HEADER = "x-workspace-id";
const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** The token of `Authorization: Bearer <token>`, if the header has that form. */
export function bearerToken(c: Context): string | undefined {
  return BEARER.exec(c.req.header("authorization") ?? "")?.[1];
}

/**
 * Authenticates a dashboard request by its session token (`Authorization: Bearer wds_…`), and only by it:
 * an API key is refused here, as the session token is refused under /v1, so neither credential stands in
 * for the other. Neither the token nor the header is ever logged.
 */
export function sessionAuth(deps: Pick<Deps, "store" | "clock">): MiddlewareHandler<SessionEnv> {
  return async function sessionAuthMiddleware(c, next) {
    const token = bearerToken(c);
    if (!token) {
      if (c.req.header("x-api-key") !== undefined) {
        throw new AuthError(
          "API keys are not accepted by the dashboard API; send Authorization: Bearer <token>",
        );
      }
      throw new AuthError("Missing Authorization: Bearer <session token> header");
    }
    const session = await findSession(deps, token);
    if (!session) throw new AuthError("Invalid or expired session");
    c.set("accountId", session.accountId);
    c.set("sessionExpiresAt", session.expiresAt);
    c.set("log", c.var.log.child({ accountId: session.accountId }));
    await next();
  };
}

/**
 * Confines a session request to the workspace named by `x-workspace-id`, which must be one of the
 * account's; any other (someone else's, or none at all) is 404, so the answer does not tell them apart.
 */
export function sessionWorkspace(deps: Pick<Deps, "store">): MiddlewareHandler<DashboardWorkspaceEnv> {
  return async function sessionWorkspaceMiddleware(c, next) {
    const workspaceId = c.req.header(WORKSPACE_HEADER);
    if (!workspaceId) {
      throw new ValidationError(`Header is invalid: ${WORKSPACE_HEADER}: required`, {
        details: { issues: [{ path: WORKSPACE_HEADER, message: "required" }] },
      });
    }
    if (workspaceId.length > 100 || !(await deps.store.accounts.isMember(c.var.accountId, workspaceId))) {
      throw new NotFoundError("Workspace");
    }
    c.set("workspaceId", workspaceId);
    c.set("log", c.var.log.child({ workspaceId }));
    await next();
  };
}
