import { beforeAll, describe, expect, it } from "vitest";
import { SESSION_TTL_MS } from "../../core/auth/session";
import { hashToken } from "../../core/security/secret-tokens";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { expectData, expectError } from "../helpers/requests";
import { expectPage } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";
import {
  a,
  asSession,
  b,
  bearer,
  dash,
  PASSWORD,
  type SessionData,
  setUpDashboardApi,
  t,
} from "./dashboard-api-fixtures";

/**
 * The dashboard session: GET /dashboard/api/session (the user, their workspaces and the expiry), logging
 * out one session while others go on, and a session refused by the clock once its 12 hours are past.
 */
setUpDashboardApi();

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
