import { Writable } from "node:stream";
import { beforeAll, describe, expect, it } from "vitest";
import { createPinoLogger } from "../../core/adapters/log/pino-logger";
import { createApp } from "../../core/api/app";
import { SESSION_TTL_MS } from "../../core/auth/session";
import { hashToken } from "../../core/security/secret-tokens";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { ApprovalBody, RunBody, RunWithSteps } from "../helpers/api-types";
import {
  type CreatedKey,
  expectData,
  expectError,
  issuePaths,
  type KeySummary,
  uniqueSlug,
  type WorkspaceBody,
} from "../helpers/requests";
import { expectPage } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

const PASSWORD = "correct horse battery";

interface SessionData {
  user: { id: string; email: string; createdAt: string };
  workspaces: WorkspaceBody[];
  expiresAt: string;
}

let t: TestApp;
let a: SignedUp;
let b: SignedUp;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "1000" });
  [a, b] = await Promise.all([signUp(t), signUp(t)]);
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const asSession = (who: SignedUp, workspaceId = who.workspaceId) => ({
  ...bearer(who.token),
  "x-workspace-id": workspaceId,
});

/** A request to the dashboard's mirror of a /v1 workspace route, as `who` with `who`'s session. */
function dash(who: SignedUp, method: string, path: string, body?: unknown, workspaceId = who.workspaceId) {
  return t.request(method, `/dashboard/api/v1${path}`, { body, headers: asSession(who, workspaceId) });
}

async function login(app: TestApp, email: string): Promise<string> {
  const response = await app.request("POST", "/v1/dashboard-auth/login", {
    body: { email, password: PASSWORD },
  });
  return (await expectData<{ token: string }>(response, 200)).token;
}

describe("GET /dashboard/api/session", () => {
  it("returns the user, their workspaces and the session's expiry when the Bearer token is valid", async () => {
    const session = await expectData<SessionData>(
      await t.request("GET", "/dashboard/api/session", { headers: bearer(a.token) }),
      200,
    );

    expect(Object.keys(session).sort()).toEqual(["expiresAt", "user", "workspaces"]);
    expect(session.user).toEqual({ id: expect.any(String), email: a.email, createdAt: expect.any(String) });
    expect(session.workspaces.map((workspace) => workspace.id)).toEqual([a.workspaceId]);
    expect(Object.keys(session.workspaces[0] ?? {}).sort()).toEqual([
      "createdAt",
      "id",
      "name",
      "slug",
      "updatedAt",
    ]);
    // Signed up at the manual clock's current time; nothing moved it since.
    expect(session.expiresAt).toBe(new Date(t.clock.nowMs() + SESSION_TTL_MS).toISOString());
  });

  it("ignores x-workspace-id when one is sent, even another account's", async () => {
    const response = await t.request("GET", "/dashboard/api/session", {
      headers: asSession(a, b.workspaceId),
    });
    expect((await expectData<SessionData>(response, 200)).user.email).toBe(a.email);
  });
});

describe("the /dashboard/api/v1 mirror of the workspace routes", () => {
  it("creates and reads definitions, starts and lists runs, and answers approvals in the selected workspace", async () => {
    const definition = await expectData<{ id: string; name: string }>(
      await dash(a, "POST", "/workflow-definitions", {
        name: "dashboard-approval",
        version: "1",
        steps: [{ type: "approval", name: "review", contentKey: "input", prompt: "Publish?" }],
      }),
      201,
    );
    const fetched = await expectData<{ id: string }>(
      await dash(a, "GET", `/workflow-definitions/${definition.id}`),
      200,
    );
    expect(fetched.id).toBe(definition.id);
    // The same definition through the public API with the key: one workspace, two doors.
    const viaKey = await t.request("GET", `/v1/workflow-definitions/${definition.id}`, {
      headers: withKey(a.apiKey),
    });
    expect((await expectData<{ id: string }>(viaKey, 200)).id).toBe(definition.id);

    const run = await expectData<RunBody>(
      await dash(a, "POST", "/workflow-runs", {
        definitionId: definition.id,
        input: { text: "draft" },
        supersessionKey: "doc-1",
      }),
      201,
    );
    expect(run.workspaceId).toBe(a.workspaceId);
    await t.idle();

    const page = await expectPage<RunBody>(
      await dash(a, "GET", `/workflow-runs?definitionId=${definition.id}&supersessionKey=doc-1&pageSize=10`),
    );
    expect(page.data.map((listed) => listed.id)).toEqual([run.id]);
    const paused = await dash(a, "GET", `/workflow-runs?status=PAUSED&definitionId=${definition.id}`);
    expect((await expectPage<RunBody>(paused)).data.map((listed) => listed.id)).toEqual([run.id]);

    const pending = await expectData<ApprovalBody[]>(
      await dash(a, "GET", "/approval-requests?pending=true"),
      200,
    );
    const approval = pending.find((request) => request.workflowRunId === run.id);
    expect(approval).toBeDefined();
    await expectData(
      await dash(a, "POST", `/approval-requests/${approval?.id}/decide`, {
        decision: "edited",
        editedContent: { text: "final" },
        decidedBy: a.email,
      }),
      200,
    );
    await t.idle();
    const done = await expectData<RunWithSteps>(await dash(a, "GET", `/workflow-runs/${run.id}`), 200);
    expect(done.status).toBe("COMPLETED");
    const events = await expectPage<{ eventType: string }>(
      await dash(a, "GET", `/workflow-runs/${run.id}/events`),
    );
    expect(events.data.length).toBeGreaterThan(0);
  });

  it("creates an API key shown once, lists it and revokes it for the selected workspace", async () => {
    const created = await expectData<CreatedKey>(
      await dash(a, "POST", "/api-keys", { name: "from dashboard" }),
      201,
    );
    expect(created.key).toMatch(/^svc_/);
    // The new key is a real key of workspace A.
    const current = await t.request("GET", "/v1/workspaces/current", { headers: withKey(created.key) });
    expect((await expectData<WorkspaceBody>(current, 200)).id).toBe(a.workspaceId);

    const listed = await expectData<KeySummary[]>(await dash(a, "GET", "/api-keys"), 200);
    expect(listed.map((key) => key.id)).toContain(created.id);
    expect(JSON.stringify(listed)).not.toContain(created.key);

    expect(await expectData(await dash(a, "DELETE", `/api-keys/${created.id}`), 200)).toEqual({
      revoked: true,
    });
    await expectError(
      await t.request("GET", "/v1/workspaces/current", { headers: withKey(created.key) }),
      401,
      "AUTH_ERROR",
    );
    await expectError(await dash(a, "DELETE", `/api-keys/${created.id}`), 404, "NOT_FOUND");
  });

  it("lists webhooks, providers, remote tools and the cost summary of the selected workspace", async () => {
    expect(await expectData(await dash(a, "GET", "/webhooks"), 200)).toEqual([]);
    await expectData(await dash(a, "GET", "/llm-providers"), 200);
    await expectData(await dash(a, "GET", "/remote-tools"), 200);
    const summary = await expectData<{ workspaceId: string }>(await dash(a, "GET", "/cost/summary"), 200);
    expect(summary.workspaceId).toBe(a.workspaceId);
  });

  it("creates a workspace that the session can select at once", async () => {
    const slug = uniqueSlug("dash");
    const workspace = await expectData<WorkspaceBody>(
      await dash(a, "POST", "/workspaces", { name: "Second", slug }),
      201,
    );
    const session = await expectData<SessionData>(
      await t.request("GET", "/dashboard/api/session", { headers: bearer(a.token) }),
      200,
    );
    expect(session.workspaces.map((listed) => listed.id)).toEqual([a.workspaceId, workspace.id]);

    const current = await expectData<WorkspaceBody>(
      await dash(a, "GET", "/workspaces/current", undefined, workspace.id),
      200,
    );
    expect(current).toMatchObject({ id: workspace.id, slug });
    // The new workspace starts empty: workspace A's keys are not its keys.
    expect(await expectData(await dash(a, "GET", "/api-keys", undefined, workspace.id), 200)).toEqual([]);
  });

  it("answers 404 NOT_FOUND for a workspace the account does not belong to, or that does not exist", async () => {
    await expectError(await dash(a, "GET", "/workflow-runs", undefined, b.workspaceId), 404, "NOT_FOUND");
    await expectError(await dash(a, "GET", "/api-keys", undefined, "wsp_does_not_exist"), 404, "NOT_FOUND");
    await expectError(await dash(a, "GET", "/api-keys", undefined, "x".repeat(300)), 404, "NOT_FOUND");
    // And nothing of B's leaks through A's session: B's key list is unchanged by A's attempts.
    const bKeys = await expectData<KeySummary[]>(await dash(b, "GET", "/api-keys"), 200);
    expect(bKeys).toHaveLength(1);
  });

  it("answers 400 VALIDATION_ERROR naming x-workspace-id when the header is missing", async () => {
    const response = await t.request("GET", "/dashboard/api/v1/workflow-runs", { headers: bearer(a.token) });
    expect(issuePaths(await expectError(response, 400, "VALIDATION_ERROR"))).toEqual(["x-workspace-id"]);
  });

  it("answers 404 NOT_FOUND for an unknown route under the mirror, and does not mirror sign-up", async () => {
    await expectError(await dash(a, "GET", "/nothing-here"), 404, "NOT_FOUND");
    const signup = await t.request("POST", "/dashboard/api/v1/dashboard-auth/login", {
      body: { email: a.email, password: PASSWORD },
      headers: asSession(a),
    });
    await expectError(signup, 404, "NOT_FOUND");
  });
});

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

describe("POST /dashboard/api/logout", () => {
  it("answers {loggedOut: true} and the token stops working at once, while other sessions go on", async () => {
    const token = await login(t, a.email);
    const other = await login(t, a.email);
    const me = { ...a, token };

    await expectPage(await dash(me, "GET", "/workflow-runs?pageSize=1"));
    expect(
      await expectData(await t.request("POST", "/dashboard/api/logout", { headers: bearer(token) }), 200),
    ).toEqual({ loggedOut: true });

    expect(await t.deps.store.sessions.get(hashToken(token))).toBeUndefined();
    await expectError(
      await t.request("GET", "/dashboard/api/session", { headers: bearer(token) }),
      401,
      "AUTH_ERROR",
    );
    await expectError(await dash(me, "GET", "/workflow-runs"), 401, "AUTH_ERROR");
    await expectError(
      await t.request("POST", "/dashboard/api/logout", { headers: bearer(token) }),
      401,
      "AUTH_ERROR",
    );

    const still = await t.request("GET", "/dashboard/api/session", { headers: bearer(other) });
    expect((await expectData<SessionData>(still, 200)).user.email).toBe(a.email);
  });
});

describe("session expiry", () => {
  let app: TestApp;
  let user: SignedUp;

  beforeAll(async () => {
    app = await createTestApp();
    user = await signUp(app);
  });

  it("refuses a session past its 12 hours by the clock, though its item is still stored", async () => {
    const session = () => app.request("GET", "/dashboard/api/session", { headers: bearer(user.token) });
    const mirrored = () =>
      app.request("GET", "/dashboard/api/v1/workflow-runs", { headers: asSession(user) });

    app.clock.advance(SESSION_TTL_MS - 1);
    await expectData(await session(), 200);
    await expectPage(await mirrored());

    app.clock.advance(13 * 60 * 60 * 1000 - SESSION_TTL_MS + 1);
    await expectError(await session(), 401, "AUTH_ERROR");
    await expectError(await mirrored(), 401, "AUTH_ERROR");
    await expectError(
      await app.request("POST", "/dashboard/api/logout", { headers: bearer(user.token) }),
      401,
      "AUTH_ERROR",
    );
    // DynamoDB's TTL has not removed it: the clock alone refused it.
    expect(await app.deps.store.sessions.get(hashToken(user.token))).toBeDefined();

    // The API key does not expire with the session.
    await expectPage(await app.request("GET", "/v1/workflow-runs", { headers: withKey(user.apiKey) }));
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

describe("GET /openapi.json", () => {
  it("lists no /dashboard path, and each workspace route once, under /v1", async () => {
    const doc = (await (await t.request("GET", "/openapi.json")).json()) as {
      paths: Record<string, unknown>;
    };
    const paths = Object.keys(doc.paths);
    expect(paths.filter((path) => path.includes("dashboard/api"))).toEqual([]);
    expect(paths.filter((path) => path.startsWith("/dashboard"))).toEqual([]);
    expect(paths).toEqual(expect.arrayContaining(["/v1/workflow-runs", "/v1/api-keys", "/v1/cost/daily"]));
  });
});
