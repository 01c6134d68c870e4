import type { Context } from "hono";
import type { BlankEnv } from "hono/types";
import type { LinkKeys } from "../approvals/links/link-keys";
import type { Deps } from "../ports/deps";
import type { AppEnv, WorkspaceEnv } from "./env";
import type { RouteGroup } from "./lazy-routes";

/**
 * The API's routes, group by group: each group's module (its routes' request schemas, validators and
 * handlers) is imported on the first request to one of its routes (core/api/lazy-routes.ts). The routes
 * are listed as each module declares them, in its order (a test holds the two equal); the groups come in
 * the order they are matched and documented in /openapi.json.
 */
export interface GroupDeps {
  deps: Deps;
  /** The approval links' signing keys, shared by the links' route and their pages (`/a/<token>`). */
  approvalKeys: LinkKeys;
  /** Where the dashboard's built files are (AppOptions). */
  dashboardDir: string | undefined;
  /** The caller's network address as the runtime knows it (AppOptions): the link pages' limit counts by it. */
  clientAddress: (c: Context) => string | undefined;
}

export const INVITES_PATH = "/v1/invites";
const CREATE_RUN_PATH = "/v1/workflow-runs";

/**
 * A run's creation with a key the instance remembers starts beside the key's lookup: it takes its numbers
 * at once and writes only once the lookup confirms the key (createRun's `writesAfter`, which takes the run's numbers beside the lookup).
 */
export const createsRunBeforeLookup = (c: Context) =>
  c.req.method === "POST" && c.req.path === CREATE_RUN_PATH;

/** Pages outside /openapi.json: the dashboard's shell and assets, signed approval links' pages (no sign-in). */
export const PAGE_ROUTES: RouteGroup<BlankEnv, GroupDeps>[] = [
  {
    name: "dashboard",
    routes: ["GET /", "GET /assets/{name}"],
    load: async ({ dashboardDir }) =>
      (await import("../dashboard/server/routes")).dashboardRoutes({ dir: dashboardDir }),
  },
  {
    name: "link-pages",
    routes: ["ALL /a/*", "GET /a/{token}", "POST /a/{token}"],
    load: async ({ deps, approvalKeys, clientAddress }) =>
      (await import("./link-pages/routes")).linkPageRoutes(deps, approvalKeys, clientAddress),
  },
];

/** Without an API key: the probes, sign-up and log-in (limited per client address), invites (admin token). */
export const PUBLIC_ROUTES: RouteGroup<AppEnv, GroupDeps>[] = [
  {
    name: "health",
    routes: ["GET /health", "GET /live", "GET /ready"],
    load: async ({ deps }) => (await import("./routes/health")).healthRoutes(deps),
  },
  {
    name: "dashboard-auth",
    routes: [
      "POST /v1/dashboard-auth/signup",
      "POST /v1/dashboard-auth/login",
      "GET /v1/dashboard-auth/config",
    ],
    load: async ({ deps }) => (await import("./routes/dashboard-auth")).dashboardAuthRoutes(deps),
  },
  {
    name: "invites",
    routes: [`POST ${INVITES_PATH}`],
    load: async ({ deps }) => (await import("./routes/invites")).inviteRoutes(deps),
  },
];

/** A workspace's routes: under /v1 with its API key, and under /dashboard/api/v1 with a session. */
export const WORKSPACE_ROUTES: RouteGroup<WorkspaceEnv, GroupDeps>[] = [
  {
    name: "api-keys",
    routes: ["POST /v1/api-keys", "GET /v1/api-keys", "DELETE /v1/api-keys/{id}"],
    load: async ({ deps }) => (await import("./routes/api-keys")).apiKeyRoutes(deps),
  },
  {
    name: "workspaces",
    routes: ["POST /v1/workspaces", "GET /v1/workspaces/current"],
    load: async ({ deps }) => (await import("./routes/workspaces")).workspaceRoutes(deps),
  },
  {
    name: "workflow-definitions",
    routes: [
      "POST /v1/workflow-definitions",
      "GET /v1/workflow-definitions",
      "GET /v1/workflow-definitions/{id}",
    ],
    load: async ({ deps }) => (await import("./routes/workflow-definitions")).workflowDefinitionRoutes(deps),
  },
  {
    name: "run-estimates",
    routes: ["POST /v1/workflow-runs/estimate"],
    load: async ({ deps }) => (await import("./routes/run-estimates")).runEstimateRoutes(deps),
  },
  {
    name: "replays",
    routes: [
      "POST /v1/workflow-runs/{id}/steps/{stepName}/replay",
      "GET /v1/workflow-runs/{id}/steps/{stepName}/replays",
    ],
    load: async ({ deps }) => (await import("./routes/replays")).replayRoutes(deps),
  },
  {
    name: "signals",
    routes: ["POST /v1/workflow-runs/{id}/signals"],
    load: async ({ deps }) => (await import("./routes/signals")).signalRoutes(deps),
  },
  {
    name: "agent-transcripts",
    routes: ["GET /v1/workflow-runs/{id}/steps/{stepRunId}/transcript"],
    load: async ({ deps }) => (await import("./routes/agent-transcripts")).agentTranscriptRoutes(deps),
  },
  {
    name: "run-versions",
    routes: [
      "POST /v1/workflow-runs/{id}/rerun",
      "POST /v1/workflow-runs/{id}/upgrade",
      "POST /v1/workflow-definitions/{id}/migrate-runs",
    ],
    load: async ({ deps }) => (await import("./routes/run-versions")).runVersionRoutes(deps),
  },
  {
    name: "workflow-runs",
    routes: [
      `POST ${CREATE_RUN_PATH}`,
      "GET /v1/workflow-runs",
      "GET /v1/workflow-runs/{id}",
      "POST /v1/workflow-runs/{id}/cancel",
      "POST /v1/workflow-runs/{id}/resume",
      "POST /v1/workflow-runs/{id}/retry",
      "GET /v1/workflow-runs/{id}/events",
    ],
    load: async ({ deps }) => (await import("./routes/workflow-runs")).workflowRunRoutes(deps),
  },
  {
    name: "run-stream",
    routes: ["GET /v1/workflow-runs/{id}/stream"],
    load: async ({ deps }) => (await import("./routes/run-stream")).runStreamRoutes(deps),
  },
  {
    name: "approval-audit",
    routes: ["GET /v1/approval-requests/export", "GET /v1/approval-requests/{id}/audit"],
    load: async ({ deps }) => (await import("./routes/approval-audit")).approvalAuditRoutes(deps),
  },
  {
    name: "approval-requests",
    routes: [
      "GET /v1/approval-requests",
      "GET /v1/approval-requests/{id}",
      "POST /v1/approval-requests/{id}/decide",
    ],
    load: async ({ deps }) => (await import("./routes/approval-requests")).approvalRequestRoutes(deps),
  },
  {
    name: "approval-groups",
    routes: [
      "PUT /v1/approval-groups/{name}",
      "GET /v1/approval-groups",
      "GET /v1/approval-groups/{name}",
      "DELETE /v1/approval-groups/{name}",
    ],
    load: async ({ deps }) => (await import("./routes/approval-groups")).approvalGroupRoutes(deps),
  },
  {
    name: "approval-links",
    routes: ["POST /v1/approval-requests/{id}/links"],
    load: async ({ deps, approvalKeys }) =>
      (await import("./routes/approval-links")).approvalLinkRoutes(deps, approvalKeys),
  },
  {
    name: "llm-providers",
    routes: [
      "GET /v1/llm-providers",
      "PUT /v1/llm-providers",
      "PATCH /v1/llm-providers/priority",
      "DELETE /v1/llm-providers/{provider}",
    ],
    load: async ({ deps }) => (await import("./routes/llm-providers")).llmProviderRoutes(deps),
  },
  {
    name: "remote-tools",
    routes: ["POST /v1/remote-tools", "GET /v1/remote-tools", "DELETE /v1/remote-tools/{id}"],
    load: async ({ deps }) => (await import("./routes/remote-tools")).remoteToolRoutes(deps),
  },
  {
    name: "mcp-servers",
    routes: ["POST /v1/mcp-servers", "GET /v1/mcp-servers", "DELETE /v1/mcp-servers/{id}"],
    load: async ({ deps }) => (await import("./routes/mcp-servers")).mcpServerRoutes(deps),
  },
  {
    name: "threads",
    routes: ["GET /v1/threads/{id}", "DELETE /v1/threads/{id}"],
    load: async ({ deps }) => (await import("./routes/threads")).threadRoutes(deps),
  },
  {
    name: "cost",
    routes: ["GET /v1/workflow-runs/{id}/cost", "GET /v1/cost/summary", "GET /v1/cost/daily"],
    load: async ({ deps }) => (await import("./routes/cost")).costRoutes(deps),
  },
  {
    name: "budgets",
    routes: ["GET /v1/budgets", "PUT /v1/budgets", "DELETE /v1/budgets"],
    load: async ({ deps }) => (await import("./routes/budgets")).budgetRoutes(deps),
  },
  {
    name: "webhooks",
    routes: [
      "POST /v1/webhooks",
      "GET /v1/webhooks",
      "DELETE /v1/webhooks/{id}",
      "GET /v1/webhooks/{id}/deliveries",
    ],
    load: async ({ deps }) => (await import("./routes/webhooks")).webhookRoutes(deps),
  },
  {
    name: "triggers",
    routes: [
      "POST /v1/triggers",
      "GET /v1/triggers",
      "GET /v1/triggers/{id}",
      "PATCH /v1/triggers/{id}",
      "DELETE /v1/triggers/{id}",
    ],
    load: async ({ deps }) => (await import("./routes/triggers")).triggerRoutes(deps),
  },
  {
    name: "events",
    routes: ["POST /v1/events"],
    load: async ({ deps }) => (await import("./routes/events")).eventRoutes(deps),
  },
];
