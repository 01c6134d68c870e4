import { beforeAll, describe, expect, it } from "vitest";
import { withKey } from "../helpers/accounts";
import { expectData, expectError, signUpFull, uniqueEmail, uniqueSlug } from "../helpers/requests";
import { createTestApp, type TestApp } from "../helpers/test-app";

const PASSWORD = "correct horse battery";
const ADMIN_TOKEN = "adm-closed-server-token-0123";

const signup = (app: TestApp, body: Record<string, unknown> = {}) =>
  app.request("POST", "/v1/dashboard-auth/signup", {
    body: { email: uniqueEmail(), password: PASSWORD, workspaceName: "Acme Research", ...body },
  });
const authSettings = async (app: TestApp) =>
  expectData<{ signupMode: string }>(await app.request("GET", "/v1/dashboard-auth/config"), 200);

describe("SIGNUP_MODE=open (the default)", () => {
  let open: TestApp;

  beforeAll(async () => {
    open = await createTestApp();
  });

  it("tells the dashboard that anyone may sign up", async () => {
    expect(await authSettings(open)).toEqual({ signupMode: "open" });
  });

  it("signs up without an invite code, and ignores one that is sent", async () => {
    await expectData(await signup(open), 201);
    await expectData(await signup(open, { inviteCode: "winv_not-a-real-code" }), 201);
  });
});

describe("SIGNUP_MODE=closed", () => {
  let openFirst: TestApp;
  let closed: TestApp;
  let existing: { email: string; apiKey: string };

  beforeAll(async () => {
    // An account made while the server was open, then the same table served closed.
    openFirst = await createTestApp();
    const email = uniqueEmail();
    existing = { email, apiKey: (await signUpFull(openFirst, { email })).apiKey.key };
    closed = await createTestApp({
      TABLE_NAME: openFirst.deps.config.TABLE_NAME,
      SIGNUP_MODE: "closed",
      ADMIN_TOKEN,
    });
  });

  it("tells the dashboard that sign-up is closed", async () => {
    expect(await authSettings(closed)).toEqual({ signupMode: "closed" });
  });

  it("answers 403 AUTH_ERROR to a valid sign-up, and creates nothing", async () => {
    const email = uniqueEmail();
    const error = await expectError(await signup(closed, { email }), 403, "AUTH_ERROR");
    expect(error.message).toMatch(/sign-up is closed/i);
    expect(await closed.deps.store.accounts.findByEmail(email)).toBeUndefined();
  });

  it("answers the same 403 before reading the body, whatever it holds", async () => {
    const empty = await closed.request("POST", "/v1/dashboard-auth/signup", { body: {} });
    await expectError(empty, 403, "AUTH_ERROR");
    await expectError(await signup(closed, { email: existing.email }), 403, "AUTH_ERROR");
  });

  it("still lets existing accounts log in", async () => {
    const response = await closed.request("POST", "/v1/dashboard-auth/login", {
      body: { email: existing.email, password: PASSWORD },
    });
    await expectData(response, 200);
  });

  it("leaves POST /v1/workspaces to its own admin-token rule", async () => {
    const body = { name: "Second", slug: uniqueSlug("closed") };
    await expectError(
      await closed.request("POST", "/v1/workspaces", { body, headers: withKey(existing.apiKey) }),
      401,
      "AUTH_ERROR",
    );
    const created = await closed.request("POST", "/v1/workspaces", {
      body,
      headers: { ...withKey(existing.apiKey), "x-admin-token": ADMIN_TOKEN },
    });
    await expectData(created, 201);
  });
});
