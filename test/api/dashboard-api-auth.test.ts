import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createPinoLogger } from "../../core/adapters/log/pino-logger";
import { createApp } from "../../core/api/app";
import { signUp, withKey } from "../helpers/accounts";
import { expectData, expectError } from "../helpers/requests";
import { createTestApp } from "../helpers/test-app";
import { a, asSession, b, bearer, setUpDashboardApi, t } from "./dashboard-api-fixtures";

/**
 * Authentication of the dashboard API: a session token and never an API key under /dashboard/api, never a
 * session token under /v1, the token never echoed nor logged; and dashboard and API-key requests charged to
 * one rate-limit budget per workspace.
 */
setUpDashboardApi();

describe("dashboard API authentication", () => {
  const paths = [
    ["GET", "/dashboard/api/session"],
    ["POST", "/dashboard/api/logout"],
    ["GET", "/dashboard/api/v1/workflow-runs"],
  ] as const;

  it.each(paths)("answers 401 AUTH_ERROR to %s %s without an Authorization header", async (method, path) => {
    const response = await t.request(method, path, { headers: { "x-workspace-id": a.workspaceId } });
    await expectError(response, 401, "AUTH_ERROR");
  });

  it.each(paths)(
    "answers 401 AUTH_ERROR to %s %s with an unknown or malformed token",
    async (method, path) => {
      for (const authorization of [
        "Bearer wds_not-a-real-session-token",
        "Bearer ",
        `Basic ${a.token}`,
        a.token,
        `Bearer ${a.apiKey}`,
      ]) {
        const response = await t.request(method, path, {
          headers: { authorization, "x-workspace-id": a.workspaceId },
        });
        await expectError(response, 401, "AUTH_ERROR");
      }
    },
  );

  it.each(paths)("refuses an x-api-key under /dashboard/api: %s %s is 401", async (method, path) => {
    const response = await t.request(method, path, {
      headers: { ...withKey(a.apiKey), "x-workspace-id": a.workspaceId },
    });
    const error = await expectError(response, 401, "AUTH_ERROR");
    expect(error.message).toMatch(/API keys are not accepted/);
  });

  it("refuses the session token under /v1, as a Bearer token or as x-api-key", async () => {
    for (const headers of [bearer(a.token), asSession(a), withKey(a.token)]) {
      await expectError(await t.request("GET", "/v1/workflow-runs", { headers }), 401, "AUTH_ERROR");
      await expectError(await t.request("GET", "/v1/workspaces/current", { headers }), 401, "AUTH_ERROR");
    }
  });

  it("never echoes the token in an answer", async () => {
    const response = await t.request("GET", "/dashboard/api/v1/workflow-runs", { headers: bearer(a.token) });
    expect(await response.text()).not.toContain(a.token);
  });
});

describe("the per-workspace rate limit", () => {
  it("charges dashboard requests and API-key requests to one budget per workspace", async () => {
    const app = await createTestApp({ RATE_LIMIT_PER_MINUTE: "3" });
    const user = await signUp(app);
    const viaKey = () => app.request("GET", "/v1/api-keys", { headers: withKey(user.apiKey) });
    const viaSession = () => app.request("GET", "/dashboard/api/v1/api-keys", { headers: asSession(user) });

    expect((await viaKey()).status).toBe(200);
    const second = await viaSession();
    expect(second.status).toBe(200);
    expect(second.headers.get("RateLimit-Remaining")).toBe("1");
    expect((await viaKey()).status).toBe(200);
    const refused = await viaSession();
    await expectError(refused, 429, "RATE_LIMIT_ERROR");
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    // The session routes themselves are not charged to a workspace.
    await expectData(
      await app.request("GET", "/dashboard/api/session", { headers: bearer(user.token) }),
      200,
    );
  });
});

describe("logging", () => {
  it("logs dashboard requests with their workspace, and never the session token", async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = createPinoLogger({ level: "debug", destination });
    const app = createApp({ ...t.deps, log }, { clientAddress: () => "203.0.113.7" });
    const send = (path: string, headers: Record<string, string>) => app.request(path, { headers });

    expect((await send("/dashboard/api/v1/workflow-runs", asSession(a))).status).toBe(200);
    expect((await send("/dashboard/api/session", bearer(a.token))).status).toBe(200);
    expect((await send("/dashboard/api/v1/workflow-runs", asSession(a, b.workspaceId))).status).toBe(404);
    expect((await send("/v1/workflow-runs", bearer(a.token))).status).toBe(401);

    const text = lines.join("");
    expect(text).not.toContain(a.token);
    expect(text).not.toContain(a.token.slice(4));
    expect(text.toLowerCase()).not.toContain("bearer");
    const first = JSON.parse(lines[0] ?? "{}") as Record<string, unknown>;
    expect(first).toMatchObject({
      path: "/dashboard/api/v1/workflow-runs",
      status: 200,
      workspaceId: a.workspaceId,
    });
  });
});
