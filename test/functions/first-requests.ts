import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { functionUrlEvent } from "./function-url-event";

/** The `data` of a sign-up's 201. */
export interface SignedUp {
  data: { apiKey: { key: string }; token: string; workspace: { id: string } };
}

export interface FirstRequest {
  /** The route group it is the first request of. */
  name: string;
  event: APIGatewayProxyEventV2;
  /** Its status, on the group's first request as on every later one. */
  status: number;
}

const MISSING = "wfr_01jz0000000000000000000000";

/**
 * One request per route group of the API (core/api/route-table.ts), each reaching the group's own code: its
 * validators (a 400 whose issues come from its schemas, the lazily loaded checks of definitions and
 * triggers among them), its handler (a read, a 404 of an id it looks up), or the middleware its routes
 * declare. Only reads and refusals, so sending one twice gives the same answer twice.
 */
export function firstRequests(apiKey: string, sessionToken: string, workspaceId: string): FirstRequest[] {
  const keyed = { "x-api-key": apiKey };
  const get = (name: string, path: string, status: number, headers: Record<string, string> = keyed) => ({
    name,
    event: functionUrlEvent("GET", path, { headers }),
    status,
  });
  const send = (name: string, method: string, path: string, body: unknown, status: number) => ({
    name,
    event: functionUrlEvent(method, path, {
      headers: { ...keyed, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    status,
  });
  const badStep = { type: "llm", name: "ask", prompt: "p", outputSchema: { type: "nope" } };
  return [
    get("health", "/ready", 200, {}),
    get("dashboard-auth", "/v1/dashboard-auth/config", 200, {}),
    send("invites", "POST", "/v1/invites", {}, 401),
    send("api-keys", "POST", "/v1/api-keys", { name: " " }, 400),
    get("workspaces", "/v1/workspaces/current", 200),
    send(
      "workflow-definitions",
      "POST",
      "/v1/workflow-definitions",
      { name: "n", steps: [badStep], x: 1 },
      400,
    ),
    send("run-estimates", "POST", "/v1/workflow-runs/estimate", { x: 1 }, 400),
    get("replays", `/v1/workflow-runs/${MISSING}/steps/ask/replays`, 404),
    send("signals", "POST", `/v1/workflow-runs/${MISSING}/signals`, { payload: 1 }, 400),
    send("run-versions", "POST", `/v1/workflow-runs/${MISSING}/rerun`, {}, 400),
    get("workflow-runs", "/v1/workflow-runs?status=NOPE&pageSize=0", 400),
    get("run-stream", `/v1/workflow-runs/${MISSING}/stream`, 404),
    get("approval-audit", "/v1/approval-requests/export?from=yesterday", 400),
    get("approval-requests", "/v1/approval-requests", 200),
    // Through the dashboard's mirror first: the group is then loaded for /v1 too.
    get("approval-groups", "/dashboard/api/v1/approval-groups", 200, {
      authorization: `Bearer ${sessionToken}`,
      "x-workspace-id": workspaceId,
    }),
    get("approval-groups under /v1", "/v1/approval-groups", 200),
    send("approval-links", "POST", "/v1/approval-requests/apr_missing/links", { x: 1 }, 404),
    get("llm-providers", "/v1/llm-providers", 200),
    get("remote-tools", "/v1/remote-tools", 200),
    get("cost", "/v1/cost/daily?from=2026-13-01", 400),
    get("budgets", "/v1/budgets", 200),
    get("webhooks", "/v1/webhooks", 200),
    send(
      "triggers",
      "POST",
      "/v1/triggers",
      { type: "cron", definitionId: "d", cron: "61 * * * *", x: 1 },
      400,
    ),
    send("events", "POST", "/v1/events", { name: "" }, 400),
    get("link-pages", "/a/not-a-token", 404, {}),
    // The dashboard's shell, not built here: its page that says so.
    get("dashboard", "/", 503, {}),
  ];
}
