import { beforeAll, describe, expect, it, vi } from "vitest";
import { signUp, withKey } from "../helpers/accounts";
import { createApiKey, expectData, expectError, listApiKeys } from "../helpers/requests";
import { createTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;

beforeAll(async () => {
  // Every request of the test app comes from one address; sign-ups here must not trip the auth limit.
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "1000" });
});

const current = (headers: Record<string, string> = {}) =>
  t.request("GET", "/v1/workspaces/current", { headers });

describe("x-api-key authentication", () => {
  it("answers 401 AUTH_ERROR saying the header is missing when x-api-key is absent", async () => {
    const error = await expectError(await current(), 401, "AUTH_ERROR");
    expect(error.message).toMatch(/missing/i);
    expect(error.message).toMatch(/x-api-key/i);
  });

  it("answers 401 AUTH_ERROR saying invalid or revoked when the key lacks the svc_ prefix", async () => {
    const error = await expectError(await current(withKey("sk_live_abcdefghijklmnop")), 401, "AUTH_ERROR");
    expect(error.message).toMatch(/invalid or revoked/i);
  });

  it("answers 401 AUTH_ERROR saying invalid or revoked when the svc_ key is unknown", async () => {
    const error = await expectError(
      await current(withKey("svc_thisKeyWasNeverIssuedByTheService0000")),
      401,
      "AUTH_ERROR",
    );
    expect(error.message).toMatch(/invalid or revoked/i);
  });

  it("refuses a dashboard session token from sign-up when it is sent as x-api-key", async () => {
    const account = await signUp(t);
    await expectError(await current(withKey(account.token)), 401, "AUTH_ERROR");
  });

  it("refuses a dashboard session token from login when it is sent as x-api-key", async () => {
    const account = await signUp(t);
    const login = await expectData<{ token: string }>(
      await t.request("POST", "/v1/dashboard-auth/login", {
        body: { email: account.email, password: "correct horse battery" },
      }),
      200,
    );
    await expectError(await current(withKey(login.token)), 401, "AUTH_ERROR");
  });

  it("accepts the sign-up key when it is sent as x-api-key", async () => {
    const account = await signUp(t);
    const workspace = await expectData<{ id: string }>(await current(withKey(account.apiKey)), 200);
    expect(workspace.id).toBe(account.workspaceId);
  });
});

describe("revocation", () => {
  it("refuses a key on the very next request when another key has revoked it", async () => {
    const account = await signUp(t);
    const second = await createApiKey(t, account.apiKey, "to revoke");
    await expectData(await current(withKey(second.key)), 200);

    const revoked = await expectData(
      await t.request("DELETE", `/v1/api-keys/${second.id}`, { headers: withKey(account.apiKey) }),
      200,
    );
    expect(revoked).toEqual({ revoked: true });

    const error = await expectError(await current(withKey(second.key)), 401, "AUTH_ERROR");
    expect(error.message).toMatch(/invalid or revoked/i);
  });

  it("revokes the calling key and refuses its next request when a key revokes itself", async () => {
    const account = await signUp(t);
    const [own] = await listApiKeys(t, account.apiKey);
    if (!own) throw new Error("the sign-up key is not listed");

    const revoked = await expectData(
      await t.request("DELETE", `/v1/api-keys/${own.id}`, { headers: withKey(account.apiKey) }),
      200,
    );
    expect(revoked).toEqual({ revoked: true });

    const error = await expectError(await current(withKey(account.apiKey)), 401, "AUTH_ERROR");
    expect(error.message).toMatch(/invalid or revoked/i);
  });
});

describe("lastUsedAt", () => {
  async function lastUsedOf(adminKey: string, keyId: string): Promise<string | null | undefined> {
    const keys = await listApiKeys(t, adminKey);
    return keys.find((key) => key.id === keyId)?.lastUsedAt;
  }

  /** A use is written behind the request that made it, so a listing right after may not show it yet. */
  const recordedUseOf = (adminKey: string, keyId: string, expected: unknown = expect.any(String)) =>
    vi.waitFor(async () => {
      const lastUsed = await lastUsedOf(adminKey, keyId);
      expect(lastUsed).toEqual(expected);
      return lastUsed;
    });

  it("is null when a key has never been used", async () => {
    const account = await signUp(t);
    const unused = await createApiKey(t, account.apiKey, "unused");
    expect(await lastUsedOf(account.apiKey, unused.id)).toBeNull();
  });

  it("is set to the request time when a key is used", async () => {
    const account = await signUp(t);
    const key = await createApiKey(t, account.apiKey, "used");
    t.clock.advance(5_000);
    const usedAt = new Date(t.clock.nowMs()).toISOString();

    await expectData(await current(withKey(key.key)), 200);

    await recordedUseOf(account.apiKey, key.id, usedAt);
  });

  it("is not rewritten when the key is used again within the same minute", async () => {
    const account = await signUp(t);
    const key = await createApiKey(t, account.apiKey, "busy");
    await expectData(await current(withKey(key.key)), 200);
    const first = await recordedUseOf(account.apiKey, key.id);

    t.clock.advance(30_000);
    await expectData(await current(withKey(key.key)), 200);

    expect(await lastUsedOf(account.apiKey, key.id)).toBe(first);
  });

  it("is updated to the new request time when a minute has passed since the recorded use", async () => {
    const account = await signUp(t);
    const key = await createApiKey(t, account.apiKey, "daily");
    await expectData(await current(withKey(key.key)), 200);
    const first = await recordedUseOf(account.apiKey, key.id);

    t.clock.advance(60_000);
    const laterAt = new Date(t.clock.nowMs()).toISOString();
    await expectData(await current(withKey(key.key)), 200);

    const later = await recordedUseOf(account.apiKey, key.id, laterAt);
    expect(later).not.toBe(first);
    expect(later).toBe(laterAt);
  });
});
