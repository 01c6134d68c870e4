import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
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
import { PASSWORD, setUpDashboardAuth, signup, t } from "./dashboard-auth-fixtures";

/**
 * POST /v1/dashboard-auth/signup: the user, workspace, API key and token it returns, the key working in the
 * new workspace, no password in the answer, a taken email or slug (409, creating nothing), invalid fields
 * (400), and the workspace slug derived from its name.
 */
setUpDashboardAuth();

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
