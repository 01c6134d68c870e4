import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withKey } from "../helpers/accounts";
import { startLoopbackServer } from "../helpers/loopback-server";
import { expectData } from "../helpers/requests";
import { type SmtpReceiver, startSmtpReceiver } from "../helpers/smtp-receiver";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * The service's debug log, after it served every route with the credentials it issues and takes, holds
 * none of them: whoever reads logs gets no API key, session, invite, link, webhook or tool secret, and no
 * provider key, password or admin token that came in.
 */
const ADMIN_TOKEN = "admin-0f6c2d9e8b7a4c3d2e1f0a9b8c7d6e5f";
const SERVER_PROVIDER_KEY = "sk-server-4b9e1c7d2a8f6e3b0c5d9a1e";
const WORKSPACE_PROVIDER_KEY = "sk-workspace-7c2e9a4b1d8f3e6c0a5b9d2e";
const PASSWORD = "correct horse battery staple 93";

let t: TestApp;
let smtp: SmtpReceiver;
let hookUrl: string;
const log: string[] = [];
/** Every secret the service issued or was given, by what it is. */
const secrets = new Map<string, string>([
  ["admin token", ADMIN_TOKEN],
  ["server provider key", SERVER_PROVIDER_KEY],
  ["workspace provider key", WORKSPACE_PROVIDER_KEY],
  ["password", PASSWORD],
]);

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  hookUrl = await startLoopbackServer((_request, _body, response) => {
    response.writeHead(200).end("ok");
  });
  t = await createTestApp(
    {
      LOG_LEVEL: "debug",
      SIGNUP_MODE: "invite",
      ADMIN_TOKEN,
      SMTP_URL: smtp.url,
      PUBLIC_URL: "https://weft.example.com",
      OPENAI_API_KEY: SERVER_PROVIDER_KEY,
      RATE_LIMIT_PER_MINUTE: "100000",
    },
    { logTo: { write: (line: string) => void log.push(line) } },
  );
});
afterAll(() => smtp.close());

/** Sends a request and keeps its status: no route may answer 500 here. */
async function call(
  method: string,
  path: string,
  init: { body?: unknown; headers?: Record<string, string>; raw?: RequestInit } = {},
): Promise<Response> {
  const response = init.raw
    ? await t.app.request(path, { method, ...init.raw })
    : await t.request(method, path, { body: init.body, headers: init.headers });
  expect(response.status, `${method} ${path}`).toBeLessThan(500);
  return response;
}

const data = async <T>(response: Promise<Response>, status: number) => expectData<T>(await response, status);
const keep = (name: string, secret: string) => {
  expect(secret.length).toBeGreaterThan(10);
  secrets.set(name, secret);
};

/** The access log's lines, as `METHOD path`. */
function loggedRequests(): string[] {
  return log
    .map((line) => JSON.parse(line) as { message?: string; method?: string; path?: string })
    .filter((line) => line.message === "request" || line.message === "request failed")
    .map((line) => `${line.method} ${line.path}`);
}

/** Hono's pattern of a route as a regular expression over the paths it serves. */
const routeRegex = (path: string) =>
  new RegExp(`^${path.replaceAll(/:[^/]+/g, "[^/]+").replaceAll("*", ".*")}$`);

/** Serves every route; answers the id of the approval whose links were opened. */
async function serveEveryRoute(): Promise<string> {
  for (const path of ["/health", "/live", "/ready", "/openapi.json", "/docs", "/metrics", "/"]) {
    await call("GET", path);
  }
  await call("GET", "/assets/none.js");
  await call("GET", "/docs/assets/start.js");
  await call("GET", "/docs/assets/swagger-ui.css");
  await call("GET", "/v1/dashboard-auth/config");

  const invite = await data<{ code: string }>(
    call("POST", "/v1/invites", { headers: { "x-admin-token": ADMIN_TOKEN } }),
    201,
  );
  keep("invite code", invite.code);
  const email = `owner-${Date.now()}@example.com`;
  const signedUp = await data<{ apiKey: { key: string }; workspace: { id: string }; token: string }>(
    call("POST", "/v1/dashboard-auth/signup", {
      body: { email, password: PASSWORD, workspaceName: "Logs", inviteCode: invite.code },
    }),
    201,
  );
  keep("API key", signedUp.apiKey.key);
  keep("sign-up session", signedUp.token);
  const apiKey = signedUp.apiKey.key;
  const workspaceId = signedUp.workspace.id;
  const v1 = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    call(method, path, { body, headers: { ...withKey(apiKey), ...headers } });

  const login = await data<{ token: string }>(
    call("POST", "/v1/dashboard-auth/login", { body: { email, password: PASSWORD } }),
    200,
  );
  keep("login session", login.token);
  const bearer = { authorization: `Bearer ${login.token}` };
  await data(call("GET", "/dashboard/api/session", { headers: bearer }), 200);
  await data(
    call("GET", "/dashboard/api/v1/workflow-definitions", {
      headers: { ...bearer, "x-workspace-id": workspaceId },
    }),
    200,
  );
  await data(call("POST", "/dashboard/api/logout", { headers: bearer }), 200);

  const key = await data<{ id: string; key: string }>(v1("POST", "/v1/api-keys", { name: "ci" }), 201);
  keep("second API key", key.key);
  await v1("GET", "/v1/api-keys");
  await v1("DELETE", `/v1/api-keys/${key.id}`);
  await v1("POST", "/v1/workspaces", { name: "Second" }, { "x-admin-token": ADMIN_TOKEN });
  await v1("GET", "/v1/workspaces/current");

  await v1("PUT", "/v1/llm-providers", { provider: "openai", apiKey: WORKSPACE_PROVIDER_KEY });
  await v1("GET", "/v1/llm-providers");
  await v1("PATCH", "/v1/llm-providers/priority", { providers: ["openai"] });
  await v1("DELETE", "/v1/llm-providers/anthropic");

  const tool = await data<{ id: string; secret: string }>(
    v1("POST", "/v1/remote-tools", { name: "crm", url: `${hookUrl}/tool` }),
    201,
  );
  keep("remote tool secret", tool.secret);
  await v1("GET", "/v1/remote-tools");
  await v1("DELETE", `/v1/remote-tools/${tool.id}`);

  const mcpAuth = "Bearer mcp-server-header-value-000000";
  keep("MCP server header", mcpAuth);
  const mcpServer = await data<{ id: string }>(
    v1("POST", "/v1/mcp-servers", {
      name: "docs",
      url: `${hookUrl}/mcp`,
      authHeader: { name: "Authorization", value: mcpAuth },
    }),
    201,
  );
  await v1("GET", "/v1/mcp-servers");
  await v1("DELETE", `/v1/mcp-servers/${mcpServer.id}`);
  await v1("GET", "/v1/threads/no-such-thread");
  await v1("DELETE", "/v1/threads/no-such-thread");

  const hook = await data<{ id: string; secret: string }>(
    v1("POST", "/v1/webhooks", {
      url: `${hookUrl}/hook`,
      events: ["approval.requested", "workflow.completed"],
    }),
    201,
  );
  keep("webhook secret", hook.secret);
  await v1("GET", "/v1/webhooks");

  await v1("PUT", "/v1/approval-groups/legal", { members: ["bob@example.com"] });
  await v1("GET", "/v1/approval-groups");
  await v1("GET", "/v1/approval-groups/legal");

  const definition = await data<{ id: string }>(
    v1("POST", "/v1/workflow-definitions", {
      name: "logged",
      version: "1.0.0",
      steps: [
        { type: "task", name: "draft", handler: "set_state", config: { values: { draft: "Hi" } } },
        {
          type: "approval",
          name: "check",
          contentKey: "draft",
          assignees: ["ann@example.com", "group:legal"],
        },
      ],
    }),
    201,
  );
  await v1("GET", "/v1/workflow-definitions");
  await v1("GET", `/v1/workflow-definitions/${definition.id}`);
  await v1("POST", "/v1/workflow-runs/estimate", { definitionId: definition.id, input: {} });

  const run = await data<{ id: string }>(
    v1("POST", "/v1/workflow-runs", { definitionId: definition.id, input: {} }),
    201,
  );
  await t.idle();
  await t.runEventsIdle();
  const [approval] = await data<{ id: string }[]>(v1("GET", "/v1/approval-requests?pending=true"), 200);
  const approvalId = approval?.id ?? "";
  await v1("GET", `/v1/approval-requests/${approvalId}`);
  await v1("GET", `/v1/approval-requests/${approvalId}/audit`);
  await v1("GET", "/v1/approval-requests/export");

  // The links the mails carried, and those the API issues.
  const mailed = smtp.mails.flatMap((mail) => [...mail.text.matchAll(/\/a\/([\w.-]+)/g)].map((m) => m[1]));
  expect(mailed.length).toBeGreaterThanOrEqual(6);
  const issued = await data<{ approve: string; review: string }[]>(
    v1("POST", `/v1/approval-requests/${approvalId}/links`, {}),
    201,
  );
  const links = issued.flatMap((person) => [person.approve, person.review]);
  for (const [i, token] of [...mailed, ...links.map((link) => link.split("/a/")[1])].entries()) {
    keep(`approval link ${i}`, token ?? "");
    // The signature alone is what makes it a credential.
    keep(`approval link ${i}'s signature`, token?.split(".")[1] ?? "");
  }
  const approveLink = new URL(issued[0]?.approve ?? "").pathname;
  const page = await (await call("GET", approveLink)).text();
  const proof = /name="proof" value="([^"]+)"/.exec(page)?.[1] ?? "";
  keep("link form proof", proof);
  await call("POST", approveLink, {
    raw: {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ proof, decision: "approved" }).toString(),
    },
  });
  await call("GET", `/a/${mailed[0]}`);
  await v1("POST", `/v1/approval-requests/${approvalId}/decide`, { decision: "approved" });
  await t.idle();
  await t.runEventsIdle();

  await v1("GET", "/v1/workflow-runs");
  await v1("GET", `/v1/workflow-runs/${run.id}`);
  await v1("GET", `/v1/workflow-runs/${run.id}/events`);
  await (await v1("GET", `/v1/workflow-runs/${run.id}/stream`)).text();
  await v1("GET", `/v1/workflow-runs/${run.id}/cost`);
  // No agent step in this run: answered 404, and logged as the others.
  await v1("GET", `/v1/workflow-runs/${run.id}/steps/stp_none/transcript`);
  await v1("GET", "/v1/cost/summary");
  await v1("GET", "/v1/cost/daily");
  await v1("PUT", "/v1/budgets", { maxCostUsd: 10 });
  await v1("GET", "/v1/budgets");
  await v1("DELETE", "/v1/budgets");
  await v1("POST", `/v1/workflow-runs/${run.id}/steps/draft/replay`, {});
  await v1("GET", `/v1/workflow-runs/${run.id}/steps/draft/replays`);
  await v1("POST", `/v1/workflow-runs/${run.id}/rerun`, {});
  await v1("POST", `/v1/workflow-runs/${run.id}/upgrade`, { definitionId: definition.id, dryRun: true });
  await v1("POST", `/v1/workflow-definitions/${definition.id}/migrate-runs`, {});

  const waiting = await data<{ id: string }>(
    v1("POST", "/v1/workflow-runs", { definitionId: definition.id, input: {} }),
    201,
  );
  await t.idle();
  await v1("POST", `/v1/workflow-runs/${waiting.id}/signals`, { signalType: "go" });
  await v1("POST", `/v1/workflow-runs/${waiting.id}/resume`, { payload: {} });
  await v1("POST", `/v1/workflow-runs/${waiting.id}/cancel`, {});
  await v1("POST", `/v1/workflow-runs/${waiting.id}/retry`, {});

  const trigger = await data<{ id: string }>(
    v1("POST", "/v1/triggers", { type: "event", definitionId: definition.id, eventName: "order.paid" }),
    201,
  );
  await v1("GET", "/v1/triggers");
  await v1("GET", `/v1/triggers/${trigger.id}`);
  await v1("PATCH", `/v1/triggers/${trigger.id}`, { enabled: false });
  await v1("POST", "/v1/events", { name: "order.paid", payload: {} });
  await v1("DELETE", `/v1/triggers/${trigger.id}`);

  const mcp = { ...withKey(apiKey), accept: "application/json, text/event-stream" };
  await call("POST", "/mcp", { body: { jsonrpc: "2.0", id: 1, method: "tools/list" }, headers: mcp });
  await call("GET", "/mcp", { headers: mcp });
  await call("DELETE", "/mcp", { headers: mcp });

  await t.idle();
  await t.runEventsIdle();
  await v1("GET", `/v1/webhooks/${hook.id}/deliveries`);
  await v1("DELETE", `/v1/webhooks/${hook.id}`);
  await v1("DELETE", "/v1/approval-groups/legal");
  return approvalId;
}

describe("the debug log", () => {
  it("holds none of the secrets the service issued or took, after serving every route", async () => {
    const approvalId = await serveEveryRoute();

    const requests = loggedRequests();
    const unserved = t.app.routes
      .filter((route) => route.method !== "ALL" && !route.path.startsWith("/dashboard/api/v1/"))
      .map((route) => `${route.method} ${route.path}`)
      .filter((route, i, all) => all.indexOf(route) === i)
      .filter((route) => {
        const [method = "", path = ""] = route.split(" ");
        return !requests.some((request) => {
          const [loggedMethod, loggedPath = ""] = request.split(" ");
          return loggedMethod === method && routeRegex(path).test(loggedPath);
        });
      });
    expect(unserved).toEqual([]);

    const text = log.join("");
    const leaked = [...secrets].filter(([, secret]) => text.includes(secret)).map(([name]) => name);
    expect(leaked).toEqual([]);
    // The link pages are logged by their route and the approval they open.
    const linkLines = log.map((line) => JSON.parse(line)).filter((line) => line.path === "/a/:token");
    expect(linkLines).toContainEqual(expect.objectContaining({ method: "GET", approvalId }));
    expect(linkLines).toContainEqual(expect.objectContaining({ method: "POST", approvalId }));
  });
});
