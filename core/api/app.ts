import { type Context, Hono } from "hono";
import { linkKeys } from "../approvals/links/link-keys";
import { publicOrigin } from "../config";
import { NotFoundError } from "../domain/errors";
import type { Deps } from "../ports/deps";
import { mountApiReference } from "./api-reference";
import type { AppEnv, WorkspaceEnv } from "./env";
import { failure } from "./envelope";
import { handleError } from "./error-handler";
import { lazyRouteGroups } from "./lazy-routes";
import { MCP_PATH, mcpRoutes } from "./mcp/routes";
import { apiKeyAuth } from "./middleware/api-key-auth";
import { batchedWindowCounter } from "./middleware/batched-window-counter";
import { bodySize } from "./middleware/body-size";
import { exactWindowCounter, rateLimit } from "./middleware/rate-limit";
import { requestContext } from "./middleware/request-context";
import {
  createsRunBeforeLookup,
  INVITES_PATH,
  PAGE_ROUTES,
  PUBLIC_ROUTES,
  WORKSPACE_ROUTES,
} from "./route-table";
import { metricsRoutes } from "./routes/metrics";
import { DASHBOARD_API_PREFIX, dashboardApi } from "./session/dashboard-api";

export interface AppOptions {
  /** The caller's network address as the runtime knows it (socket, or the function URL's sourceIp). */
  clientAddress: (c: Context) => string | undefined;
  /** Where `npm run build:dashboard` put the dashboard's files; default `dist/dashboard`. */
  dashboardDir?: string;
  /** Lambda: each request's telemetry is sent before its answer, as a frozen function sends nothing. */
  flushTelemetry?: boolean;
}

const DASHBOARD_AUTH_PATH = "/v1/dashboard-auth/";

/** The whole HTTP API as one Hono app, the same on Node and on Lambda. */
export function createApp(deps: Deps, options: AppOptions) {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.notFound((c) => c.json(failure(new NotFoundError(`Route ${c.req.method} ${c.req.path}`)), 404));

  if (options.flushTelemetry) {
    app.use("*", async function flushTelemetry(_c, next) {
      try {
        await next();
      } finally {
        await deps.telemetry.flush().catch(() => {});
      }
    });
  }
  app.use("*", requestContext({ log: deps.log, newId: () => deps.ids("request") }));
  app.use("/v1/*", bodySize());
  app.use(`${DASHBOARD_API_PREFIX}/*`, bodySize());

  // Sign-up, login and invites (admin token) are the /v1 routes without an API key; they are limited per
  // client address instead.
  const authenticate = apiKeyAuth(deps, { startsBeforeLookup: createsRunBeforeLookup });
  // Every workspace request passes the workspace limit, so it counts in memory and writes behind the
  // requests; sign-up and login attempts are few, and their limit stays exact across instances.
  const workspaceLimit = rateLimit<WorkspaceEnv>(deps, {
    limitPerMinute: deps.config.RATE_LIMIT_PER_MINUTE,
    scope: (c) => `ws:${c.var.workspaceId}`,
    counter: batchedWindowCounter(deps),
  });
  const authLimit = rateLimit<AppEnv>(deps, {
    limitPerMinute: deps.config.AUTH_RATE_LIMIT_PER_MINUTE,
    scope: (c) => `auth:${options.clientAddress(c) ?? "unknown"}`,
    counter: exactWindowCounter(deps),
  });
  app.use("/v1/*", async function v1Guard(c, next) {
    if (c.req.path.startsWith(DASHBOARD_AUTH_PATH) || c.req.path === INVITES_PATH) return authLimit(c, next);
    const workspaceContext = c as unknown as Context<WorkspaceEnv>;
    return authenticate(workspaceContext, async () => {
      await workspaceLimit(workspaceContext, next);
    });
  });
  // The MCP endpoint: the same API key and workspace limit as /v1.
  app.use(MCP_PATH, bodySize());
  app.use(MCP_PATH, async function mcpGuard(c, next) {
    const workspaceContext = c as unknown as Context<WorkspaceEnv>;
    return authenticate(workspaceContext, async () => {
      await workspaceLimit(workspaceContext, next);
    });
  });

  // The routes of the API's groups, each group built on its first request (core/api/route-table.ts);
  // a workspace's are served under /v1 (API key) and under /dashboard/api/v1 (session) by the same routers.
  const approvalKeys = linkKeys(deps);
  const groupDeps = {
    deps,
    approvalKeys,
    dashboardDir: options.dashboardDir,
    clientAddress: options.clientAddress,
  };
  const publicRoutes = lazyRouteGroups(PUBLIC_ROUTES, groupDeps);
  const workspaceRoutes = lazyRouteGroups(WORKSPACE_ROUTES, groupDeps);

  mountApiReference(app, [publicRoutes, workspaceRoutes], publicOrigin(deps.config));
  // A plain Hono app: mounting it adds nothing to /openapi.json.
  app.route(DASHBOARD_API_PREFIX, dashboardApi(deps, { workspaceRoutes, workspaceLimit }));
  // The dashboard's pages and assets (`/`, `/assets/*`), and signed approval links' pages (`/a/<token>`, the
  // token is the credential): also outside /openapi.json.
  lazyRouteGroups(PAGE_ROUTES, groupDeps).mount(app);
  // JSON-RPC for assistants (docs/mcp.md), outside /openapi.json like the dashboard's mirror.
  app.route("/", mcpRoutes(deps));
  // Prometheus' scrape, where the process keeps its metrics (npm start); Lambda's go to CloudWatch instead.
  if (deps.telemetry.scrape) app.route("/", metricsRoutes(deps.telemetry.scrape));
  publicRoutes.mount(app);
  workspaceRoutes.mount(app);
  return app;
}
export type App = ReturnType<typeof createApp>;
