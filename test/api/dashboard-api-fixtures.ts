import { beforeAll } from "vitest";
import { type SignedUp, signUp } from "../helpers/accounts";
import type { WorkspaceBody } from "../helpers/requests";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * Shared by the tests of the dashboard API (dashboard-api-*.test.ts): the sign-up password, the session's
 * fields, accounts A and B in an app of each file's own (setUpDashboardApi), and the headers and requests of
 * a dashboard session.
 */
export const PASSWORD = "correct horse battery";

export interface SessionData {
  user: { id: string; email: string; createdAt: string };
  workspaces: WorkspaceBody[];
  expiresAt: string;
}

export let t: TestApp;
export let a: SignedUp;
export let b: SignedUp;

/** Before the file's tests: starts its app and signs up A and B. Call once per file. */
export function setUpDashboardApi(): void {
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "1000" });
    [a, b] = await Promise.all([signUp(t), signUp(t)]);
  });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const asSession = (who: SignedUp, workspaceId = who.workspaceId) => ({
  ...bearer(who.token),
  "x-workspace-id": workspaceId,
});

/** A request to the dashboard's mirror of a /v1 workspace route, as `who` with `who`'s session. */
export function dash(
  who: SignedUp,
  method: string,
  path: string,
  body?: unknown,
  workspaceId = who.workspaceId,
) {
  return t.request(method, `/dashboard/api/v1${path}`, { body, headers: asSession(who, workspaceId) });
}
