import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../core/api/app";
import { withKey } from "../helpers/accounts";
import {
  expectData,
  expectError,
  ISO_UTC_MS,
  issuePaths,
  type SignupData,
  signUpFull,
  uniqueEmail,
  uniqueSlug,
  type WorkspaceBody,
} from "../helpers/requests";
import { createTestApp, type TestApp } from "../helpers/test-app";

const PASSWORD = "correct horse battery";

let t: TestApp;

beforeAll(async () => {
  // All test requests share one client address; this file's many sign-ups must not trip the auth limit.
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "1000" });
});

const signup = (body: Record<string, unknown>, app: TestApp = t) =>
  app.request("POST", "/v1/dashboard-auth/signup", {
    body: { email: uniqueEmail(), password: PASSWORD, workspaceName: "Acme Research", ...body },
  });
const login = (body: unknown, app: TestApp = t) => app.request("POST", "/v1/dashboard-auth/login", { body });

interface LoginData {
  user: { id: string; email: string; createdAt: string };
  workspaces: WorkspaceBody[];
  token: string;
}

describe("POST /v1/dashboard-auth/signup", () => {
  it("returns 201 with user, workspace, apiKey and token when the input is valid", async () => {
    const email = uniqueEmail();
    const slug = uniqueSlug("signup");
    const data = await expectData<SignupData>(
      await signup({ email, workspaceName: "Signup Labs", workspaceSlug: slug }),
      201,
    );
    const now = new Date(t.clock.nowMs()).toISOString();

    expect(Object.keys(data).sort()).toEqual(["apiKey", "token", "user", "workspace"]);
    expect(data.user).toEqual({ id: expect.any(String), email, createdAt: now });
    expect(data.workspace).toEqual({
      id: expect.any(String),
      name: "Signup Labs",
      slug,
      createdAt: now,
      updatedAt: now,
    });
    expect(data.apiKey).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      key: expect.stringMatching(/^svc_/),
      prefix: expect.any(String),
      createdAt: expect.stringMatching(ISO_UTC_MS),
    });
    expect(data.apiKey.key.startsWith(data.apiKey.prefix)).toBe(true);
    expect(data.token).toEqual(expect.any(String));
    expect(data.token.length).toBeGreaterThan(0);
  });

  it("issues an API key that authenticates in the new workspace when sign-up succeeds", async () => {
    const data = await signUpFull(t);
    const current = await expectData<WorkspaceBody>(
      await t.request("GET", "/v1/workspaces/current", { headers: withKey(data.apiKey.key) }),
      200,
    );
    expect(current).toEqual(data.workspace);
  });

  it("never returns the password when sign-up succeeds", async () => {
    const password = `pw-${randomBytes(8).toString("hex")}`;
    const response = await signup({ password });
    const text = await response.clone().text();
    await expectData<SignupData>(response, 201);
    expect(text).not.toContain(password);
    expect(text).not.toMatch(/password/i);
  });

  it("answers 409 CONFLICT when the email is already registered", async () => {
    const email = uniqueEmail();
    await expectData(await signup({ email }), 201);
    await expectError(await signup({ email }), 409, "CONFLICT");
  });

  it("answers 409 CONFLICT when the email is already registered in a different case", async () => {
    const email = uniqueEmail();
    await expectData(await signup({ email }), 201);
    await expectError(await signup({ email: email.toUpperCase() }), 409, "CONFLICT");
  });

  it("answers 400 VALIDATION_ERROR naming email when the email is invalid", async () => {
    const error = await expectError(await signup({ email: "not-an-email" }), 400, "VALIDATION_ERROR");
    expect(issuePaths(error)).toContain("email");
  });

  it("answers 400 VALIDATION_ERROR naming password when the password has fewer than 8 characters", async () => {
    const error = await expectError(await signup({ password: "1234567" }), 400, "VALIDATION_ERROR");
    expect(issuePaths(error)).toContain("password");
  });

  it("answers 400 VALIDATION_ERROR naming workspaceName when workspaceName is missing", async () => {
    const error = await expectError(
      await t.request("POST", "/v1/dashboard-auth/signup", {
        body: { email: uniqueEmail(), password: PASSWORD },
      }),
      400,
      "VALIDATION_ERROR",
    );
    expect(issuePaths(error)).toContain("workspaceName");
  });

  it("answers 409 CONFLICT when the chosen workspaceSlug is taken", async () => {
    const slug = uniqueSlug("chosen");
    await expectData(await signup({ workspaceSlug: slug }), 201);
    await expectError(await signup({ workspaceSlug: slug }), 409, "CONFLICT");
  });

  it("does not create the account when its chosen workspaceSlug is taken", async () => {
    const slug = uniqueSlug("atomic");
    await expectData(await signup({ workspaceSlug: slug }), 201);
    const email = uniqueEmail();
    await expectError(await signup({ email, workspaceSlug: slug }), 409, "CONFLICT");

    await expectData(await signup({ email, workspaceSlug: uniqueSlug("atomic") }), 201);
  });

  it("derives a slug from workspaceName when no workspaceSlug is given", async () => {
    const tag = randomBytes(3).toString("hex");
    const data = await signUpFull(t, { workspaceName: `Blue Harbor ${tag}` });
    expect(data.workspace.slug).toBe(`blue-harbor-${tag}`);
  });

  it("gives a different valid slug when a second sign-up uses the same workspaceName", async () => {
    const name = `Twin Peaks ${randomBytes(3).toString("hex")}`;
    const first = await signUpFull(t, { workspaceName: name });
    const second = await signUpFull(t, { workspaceName: name });

    expect(second.workspace.name).toBe(name);
    expect(second.workspace.slug).not.toBe(first.workspace.slug);
    expect(second.workspace.slug).toMatch(/^[a-z0-9-]{1,50}$/);
  });
});

describe("POST /v1/dashboard-auth/login", () => {
  it("returns 200 with user, workspaces and token when the credentials are right", async () => {
    const email = uniqueEmail();
    const data = await signUpFull(t, { email });
    const result = await expectData<LoginData>(await login({ email, password: PASSWORD }), 200);

    expect(Object.keys(result).sort()).toEqual(["token", "user", "workspaces"]);
    expect(result.user).toEqual(data.user);
    expect(result.workspaces).toEqual([data.workspace]);
    expect(result.token).toEqual(expect.any(String));
    expect(result.token).not.toBe(data.token);
  });

  it("accepts the email in a different case when logging in", async () => {
    const email = uniqueEmail();
    const data = await signUpFull(t, { email });
    const result = await expectData<LoginData>(
      await login({ email: email.toUpperCase(), password: PASSWORD }),
      200,
    );
    expect(result.user.id).toBe(data.user.id);
  });

  it("lists a workspace created later with POST /v1/workspaces when the owner logs in", async () => {
    const email = uniqueEmail();
    const data = await signUpFull(t, { email });
    t.clock.advance(1_000);
    const later = await expectData<WorkspaceBody>(
      await t.request("POST", "/v1/workspaces", {
        body: { name: "Later", slug: uniqueSlug("later") },
        headers: withKey(data.apiKey.key),
      }),
      201,
    );

    const result = await expectData<LoginData>(await login({ email, password: PASSWORD }), 200);
    expect(result.workspaces).toHaveLength(2);
    expect(result.workspaces).toEqual(expect.arrayContaining([data.workspace, later]));
  });

  it("never returns the password when logging in", async () => {
    const email = uniqueEmail();
    await signUpFull(t, { email });
    const response = await login({ email, password: PASSWORD });
    const text = await response.clone().text();
    await expectData(response, 200);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toMatch(/password/i);
  });

  it("answers 401 AUTH_ERROR with one message for a wrong password and an unknown email", async () => {
    const email = uniqueEmail();
    await signUpFull(t, { email });

    const wrongPassword = await expectError(
      await login({ email, password: "wrong horse battery" }),
      401,
      "AUTH_ERROR",
    );
    const unknownEmail = await expectError(
      await login({ email: uniqueEmail(), password: PASSWORD }),
      401,
      "AUTH_ERROR",
    );
    expect(unknownEmail.message).toBe(wrongPassword.message);
  });
});

describe("AUTH_RATE_LIMIT_PER_MINUTE", () => {
  let limited: TestApp;

  beforeAll(async () => {
    limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "3" });
  });

  /** Starts the test in a window of its own, so the tests do not share a count. */
  function freshWindow() {
    limited.clock.advance(60_000);
  }

  it("answers 429 RATE_LIMIT_ERROR with Retry-After when a 4th attempt comes within a minute", async () => {
    freshWindow();
    const email = uniqueEmail();
    await expectData(await signup({ email }, limited), 201);
    await expectError(await login({ email, password: "wrong horse battery" }, limited), 401, "AUTH_ERROR");
    await expectData(await login({ email, password: PASSWORD }, limited), 200);

    const refused = await login({ email, password: PASSWORD }, limited);
    const retryAfter = refused.headers.get("retry-after");
    const error = await expectError(refused, 429, "RATE_LIMIT_ERROR");
    expect(error.message).toMatch(/too many requests/i);
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  });

  it("accepts attempts again when a minute has passed since the limit was reached", async () => {
    freshWindow();
    const email = uniqueEmail();
    await expectData(await signup({ email }, limited), 201);
    await expectData(await login({ email, password: PASSWORD }, limited), 200);
    await expectData(await login({ email, password: PASSWORD }, limited), 200);
    await expectError(await login({ email, password: PASSWORD }, limited), 429, "RATE_LIMIT_ERROR");

    limited.clock.advance(60_000);
    await expectData(await login({ email, password: PASSWORD }, limited), 200);
  });
});

describe("AUTH_ACCOUNT_RATE_LIMIT_PER_MINUTE", () => {
  const LIMIT = 3;
  let limited: TestApp;
  let addresses = 0;

  beforeAll(async () => {
    // The per-address limit far away, so only the per-account one can answer 429.
    limited = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      AUTH_ACCOUNT_RATE_LIMIT_PER_MINUTE: String(LIMIT),
    });
  });

  /** A login from an address no earlier request came from: another app instance on the same table. */
  function loginFromNewAddress(body: unknown): Promise<Response> {
    addresses += 1;
    const app = createApp(limited.deps, { clientAddress: () => `198.51.100.${addresses}` });
    return Promise.resolve(
      app.request("/v1/dashboard-auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
  }

  /** Moves to the start of the next window, so a test's attempts share one window and no earlier ones. */
  function freshWindow() {
    limited.clock.advance(60_000 - (limited.clock.nowMs() % 60_000));
  }

  it("answers 429 with Retry-After to the 4th login for one email, each from another address", async () => {
    const email = uniqueEmail();
    await expectData(await signup({ email }, limited), 201);
    freshWindow();
    for (let attempt = 1; attempt <= LIMIT; attempt += 1) {
      await expectError(
        await loginFromNewAddress({ email, password: "wrong horse battery" }),
        401,
        "AUTH_ERROR",
      );
    }

    const refused = await loginFromNewAddress({ email, password: PASSWORD });
    expect(refused.headers.get("retry-after")).toBe("60");
    const error = await expectError(refused, 429, "RATE_LIMIT_ERROR");
    expect(error.message).toMatch(/too many requests/i);
  });

  it("counts the email however it is cased, and sign-ups with it too", async () => {
    const email = uniqueEmail();
    freshWindow();
    await expectData(await signup({ email }, limited), 201);
    await expectError(
      await loginFromNewAddress({ email: email.toUpperCase(), password: "x" }),
      401,
      "AUTH_ERROR",
    );
    await expectData(await loginFromNewAddress({ email, password: PASSWORD }), 200);
    await expectError(await loginFromNewAddress({ email, password: PASSWORD }), 429, "RATE_LIMIT_ERROR");
  });

  it("gives an unknown email the same answers as a known one, so the limit reveals no account", async () => {
    const known = uniqueEmail();
    await expectData(await signup({ email: known }, limited), 201);
    freshWindow();
    const answers = async (email: string) => {
      const bodies: string[] = [];
      for (let attempt = 0; attempt <= LIMIT; attempt += 1) {
        const response = await loginFromNewAddress({ email, password: "wrong horse battery" });
        bodies.push(`${response.status} ${await response.text()}`);
      }
      return bodies;
    };
    const forKnown = await answers(known);
    expect(forKnown.map((answer) => answer.slice(0, 3))).toEqual(["401", "401", "401", "429"]);
    expect(await answers(uniqueEmail())).toEqual(forKnown);
  });

  it("keeps other emails and the next window unaffected when one email is limited", async () => {
    const busy = uniqueEmail();
    const quiet = uniqueEmail();
    await expectData(await signup({ email: busy }, limited), 201);
    await expectData(await signup({ email: quiet }, limited), 201);
    freshWindow();
    for (let attempt = 1; attempt <= LIMIT; attempt += 1) {
      await loginFromNewAddress({ email: busy, password: "wrong horse battery" });
    }
    await expectError(
      await loginFromNewAddress({ email: busy, password: PASSWORD }),
      429,
      "RATE_LIMIT_ERROR",
    );
    await expectData(await loginFromNewAddress({ email: quiet, password: PASSWORD }), 200);

    limited.clock.advance(60_000);
    await expectData(await loginFromNewAddress({ email: busy, password: PASSWORD }), 200);
  });
});
