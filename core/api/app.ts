import type { Context } from "hono";
import { linkKeys } from "../approvers/link-keys";
import { dashboardRoutes } from "../dashboard/server/routes";
import { NotFoundError } from "../domain/errors";
import type { Deps } from "../ports/deps";
import { mountApiReference } from "./api-reference";
import type { AppEnv, WorkspaceEnv } from "./env";
import { failure } from "./envelope";
import { handleError } from "./error-handler";
import { linkPageRoutes } from "./link-pages/routes";
import { MCP_PATH, mcpRoutes } from "./mcp/routes";
import { apiKeyAuth } from "./middleware/api-key-auth";
import { batchedWindowCounter } from "./middleware/batched-window-counter";
import { bodySize } from "./middleware/body-size";
import { exactWindowCounter, rateLimit } from "./middleware/rate-limit";
import { requestContext } from "./middleware/request-context";
import { createRouter } from "./router";
import { apiKeyRoutes } from "./routes/api-keys";
import { approvalAuditRoutes } from "./routes/approval-audit";
import { approvalGroupRoutes } from "./routes/approval-groups";
import { approvalLinkRoutes } from "./routes/approval-links";
import { approvalRequestRoutes } from "./routes/approval-requests";
import { budgetRoutes } from "./routes/budgets";
import { costRoutes } from "./routes/cost";
import { dashboardAuthRoutes } from "./routes/dashboard-auth";
import { eventRoutes } from "./routes/events";
import { healthRoutes } from "./routes/health";
import { INVITES_PATH, inviteRoutes } from "./routes/invites";
import { llmProviderRoutes } from "./routes/llm-providers";
import { metricsRoutes } from "./routes/metrics";
import { remoteToolRoutes } from "./routes/remote-tools";
import { replayRoutes } from "./routes/replays";
import { runEstimateRoutes } from "./routes/run-estimates";
import { runStreamRoutes } from "./routes/run-stream";
import { runVersionRoutes } from "./routes/run-versions";
import { signalRoutes } from "./routes/signals";
import { triggerRoutes } from "./routes/triggers";
import { webhookRoutes } from "./routes/webhooks";
import { workflowDefinitionRoutes } from "./routes/workflow-definitions";
import { createsRunBeforeLookup, workflowRunRoutes } from "./routes/workflow-runs";
import { workspaceRoutes } from "./routes/workspaces";
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
  const app = createRouter<AppEnv>();
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

  // The workspace routers, each built once: served under /v1 (API key) and under /dashboard/api/v1 (session).
  const apiKeys = apiKeyRoutes(deps);
  const workspaces = workspaceRoutes(deps);
  const definitions = workflowDefinitionRoutes(deps);
  const estimates = runEstimateRoutes(deps);
  const replays = replayRoutes(deps);
  const signals = signalRoutes(deps);
  const runVersions = runVersionRoutes(deps);
  const runs = workflowRunRoutes(deps);
  const runStreams = runStreamRoutes(deps);
  const approvalAudit = approvalAuditRoutes(deps);
  const approvals = approvalRequestRoutes(deps);
  const approvalGroups = approvalGroupRoutes(deps);
  const approvalKeys = linkKeys(deps);
  const approvalLinks = approvalLinkRoutes(deps, approvalKeys);
  const llmProviders = llmProviderRoutes(deps);
  const remoteTools = remoteToolRoutes(deps);
  const cost = costRoutes(deps);
  const budgets = budgetRoutes(deps);
  const webhooks = webhookRoutes(deps);
  const triggers = triggerRoutes(deps);
  const events = eventRoutes(deps);
  const workspaceRouters = [
    apiKeys,
    workspaces,
    definitions,
    estimates,
    replays,
    signals,
    runVersions,
    runs,
    runStreams,
    approvalAudit,
    approvals,
    approvalGroups,
    approvalLinks,
    llmProviders,
    remoteTools,
    cost,
    budgets,
    webhooks,
    triggers,
    events,
  ];

  mountApiReference(app);
  // A plain Hono app: mounting it adds nothing to /openapi.json.
  app.route(DASHBOARD_API_PREFIX, dashboardApi(deps, { workspaceRouters, workspaceLimit }));
  // The dashboard's pages and assets (`/`, `/assets/*`): static files, also outside /openapi.json.
  app.route("/", dashboardRoutes({ dir: options.dashboardDir }));
  // Signed approval links' pages (`/a/<token>`): no sign-in, the token is the credential.
  app.route("/", linkPageRoutes(deps, approvalKeys));
  // JSON-RPC for assistants (docs/mcp.md), outside /openapi.json like the dashboard's mirror.
  app.route("/", mcpRoutes(deps));
  // Prometheus' scrape, where the process keeps its metrics (npm start); Lambda's go to CloudWatch instead.
  if (deps.telemetry.scrape) app.route("/", metricsRoutes(deps.telemetry.scrape));
  return app
    .route("/", healthRoutes(deps))
    .route("/", dashboardAuthRoutes(deps))
    .route("/", inviteRoutes(deps))
    .route("/", apiKeys)
    .route("/", workspaces)
    .route("/", definitions)
    .route("/", estimates)
    .route("/", replays)
    .route("/", signals)
    .route("/", runVersions)
    .route("/", runs)
    .route("/", runStreams)
    .route("/", approvalAudit)
    .route("/", approvals)
    .route("/", approvalGroups)
    .route("/", approvalLinks)
    .route("/", llmProviders)
    .route("/", remoteTools)
    .route("/", cost)
    .route("/", budgets)
    .route("/", webhooks)
    .route("/", triggers)
    .route("/", events);
}
export type App = ReturnType<typeof createApp>;
