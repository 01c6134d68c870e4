import { beforeAll } from "vitest";
import { uniqueEmail } from "../helpers/requests";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * Shared by the tests of /v1/dashboard-auth (dashboard-auth-*.test.ts): the password every sign-up uses, an
 * app of each file's own with a high auth rate limit (setUpDashboardAuth), and sign-up and login requests,
 * made to that app or to another one given.
 */
export const PASSWORD = "correct horse battery";

export let t: TestApp;

/** Before the file's tests: starts its app. Call once per file that signs up or logs in on `t`. */
export function setUpDashboardAuth(): void {
  beforeAll(async () => {
    // All test requests share one client address; the file's many sign-ups must not trip the auth limit.
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "1000" });
  });
}

export const signup = (body: Record<string, unknown>, app: TestApp = t) =>
  app.request("POST", "/v1/dashboard-auth/signup", {
    body: { email: uniqueEmail(), password: PASSWORD, workspaceName: "Acme Research", ...body },
  });
export const login = (body: unknown, app: TestApp = t) =>
  app.request("POST", "/v1/dashboard-auth/login", { body });
