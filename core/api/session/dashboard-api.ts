import { Hono, type MiddlewareHandler, type Schema } from "hono";
import { describeSession } from "../../auth/describe-session";
import { endSession } from "../../auth/session";
import type { Deps } from "../../ports/deps";
import type { WorkspaceEnv } from "../env";
import { ok } from "../envelope";
import type { DashboardWorkspaceEnv } from "./env";
import { bearerToken, sessionAuth, sessionWorkspace } from "./session-auth";

export const DASHBOARD_API_PREFIX = "/dashboard/api";

export interface DashboardApiOptions {
  /** The workspace routes the public API serves under /v1: mounted here too, served by the same routers. */
  workspaceRoutes: { mount(api: Hono<DashboardWorkspaceEnv, Schema, string>): void };
  /** The per-workspace rate limit of /v1, so a workspace has one budget whichever way it is called. */
  workspaceLimit: MiddlewareHandler<WorkspaceEnv>;
}

/**
 * The dashboard's API, mounted at /dashboard/api: the session (`GET /session`, `POST /logout`) and every
 * workspace route of /v1 again under `/v1`, authenticated by the session token plus `x-workspace-id`.
 * It is a plain Hono app, not an OpenAPIHono, so none of it reaches /openapi.json: the public reference
 * lists each route once, under /v1 and the API key.
 */
export function dashboardApi(deps: Pick<Deps, "store" | "clock">, options: DashboardApiOptions) {
  const api = new Hono<DashboardWorkspaceEnv>();
  api.use("*", sessionAuth(deps));
  api.use("/v1/*", sessionWorkspace(deps), options.workspaceLimit);

  api.get("/session", async (c) => {
    const session = { accountId: c.var.accountId, expiresAt: c.var.sessionExpiresAt };
    return c.json(ok(await describeSession(deps, session)), 200);
  });
  api.post("/logout", async (c) => {
    // sessionAuth has just read this token from the header; it is there.
    await endSession(deps, bearerToken(c) ?? "");
    return c.json(ok({ loggedOut: true as const }), 200);
  });

  options.workspaceRoutes.mount(api);
  return api;
}
