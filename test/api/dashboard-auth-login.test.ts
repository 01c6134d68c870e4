import { describe, expect, it } from "vitest";
import { withKey } from "../helpers/accounts";
import {
  expectData,
  expectError,
  signUpFull,
  uniqueEmail,
  uniqueSlug,
  type WorkspaceBody,
} from "../helpers/requests";
import { login, PASSWORD, setUpDashboardAuth, t } from "./dashboard-auth-fixtures";

/**
 * POST /v1/dashboard-auth/login: the user, workspaces and token it returns (the email in any case, a
 * workspace created later listed too), no password in the answer, and one 401 for a wrong password and an
 * unknown email.
 */
setUpDashboardAuth();

interface LoginData {
  user: { id: string; email: string; createdAt: string };
  workspaces: WorkspaceBody[];
  token: string;
}

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
