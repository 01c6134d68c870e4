import { randomBytes } from "node:crypto";
import type { TestApp } from "./test-app";

export interface SignedUp {
  apiKey: string;
  workspaceId: string;
  token: string;
  email: string;
}

/** Signs a new account up through the public route and returns its first key, as a new user would get it. */
export async function signUp(t: TestApp, overrides: Record<string, unknown> = {}): Promise<SignedUp> {
  const email = `user-${randomBytes(4).toString("hex")}@example.com`;
  const response = await t.request("POST", "/v1/dashboard-auth/signup", {
    body: { email, password: "correct horse battery", workspaceName: "Acme Research", ...overrides },
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as {
    data: { apiKey: { key: string }; workspace: { id: string }; token: string };
  };
  const signedUpAs = typeof overrides.email === "string" ? overrides.email : email;
  return { apiKey: data.apiKey.key, workspaceId: data.workspace.id, token: data.token, email: signedUpAs };
}

export const withKey = (apiKey: string) => ({ "x-api-key": apiKey });
