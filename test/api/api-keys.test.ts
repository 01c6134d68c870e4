import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import {
  type CreatedKey,
  createApiKey,
  expectData,
  expectError,
  ISO_UTC_MS,
  issuePaths,
  type KeySummary,
  listApiKeys,
} from "../helpers/requests";
import { createTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let account: SignedUp;

beforeAll(async () => {
  t = await createTestApp();
  account = await signUp(t);
});

const post = (body: unknown) => t.request("POST", "/v1/api-keys", { body, headers: withKey(account.apiKey) });
const revoke = (id: string) =>
  t.request("DELETE", `/v1/api-keys/${encodeURIComponent(id)}`, { headers: withKey(account.apiKey) });

describe("POST /v1/api-keys", () => {
  it("returns 201 with id, name, key, prefix and createdAt when the name is valid", async () => {
    const created = await expectData<CreatedKey>(await post({ name: "deploy bot" }), 201);
    expect(Object.keys(created).sort()).toEqual(["createdAt", "id", "key", "name", "prefix"]);
    expect(created).toEqual({
      id: expect.any(String),
      name: "deploy bot",
      key: expect.stringMatching(/^svc_.{16,}$/),
      prefix: expect.any(String),
      createdAt: expect.stringMatching(ISO_UTC_MS),
    });
    expect(created.id).not.toBe("");
  });

  it("returns a prefix that is the leading part of the key when a key is created", async () => {
    const created = await createApiKey(t, account.apiKey, "prefix check");
    expect(created.prefix.startsWith("svc_")).toBe(true);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created.prefix.length).toBeLessThan(created.key.length);
  });

  it("stamps createdAt with the service clock when a key is created", async () => {
    const created = await createApiKey(t, account.apiKey, "clock check");
    expect(created.createdAt).toBe(new Date(t.clock.nowMs()).toISOString());
  });

  it("issues a key that authenticates in the same workspace when it is used", async () => {
    const created = await createApiKey(t, account.apiKey, "fresh");
    const workspace = await expectData<{ id: string }>(
      await t.request("GET", "/v1/workspaces/current", { headers: withKey(created.key) }),
      200,
    );
    expect(workspace.id).toBe(account.workspaceId);
  });

  it("answers 400 VALIDATION_ERROR naming name when name is missing", async () => {
    const error = await expectError(await post({}), 400, "VALIDATION_ERROR");
    expect(issuePaths(error)).toContain("name");
  });

  it("answers 400 VALIDATION_ERROR naming name when name is empty", async () => {
    const error = await expectError(await post({ name: "" }), 400, "VALIDATION_ERROR");
    expect(issuePaths(error)).toContain("name");
  });

  it("answers 400 VALIDATION_ERROR naming name when name has 101 characters", async () => {
    const error = await expectError(await post({ name: "k".repeat(101) }), 400, "VALIDATION_ERROR");
    expect(issuePaths(error)).toContain("name");
  });

  it("accepts a name of exactly 100 characters when the key is created", async () => {
    const name = "k".repeat(100);
    const created = await expectData<CreatedKey>(await post({ name }), 201);
    expect(created.name).toBe(name);
  });

  it("answers 401 AUTH_ERROR when no x-api-key is sent", async () => {
    await expectError(await t.request("POST", "/v1/api-keys", { body: { name: "x" } }), 401, "AUTH_ERROR");
  });
});

describe("GET /v1/api-keys", () => {
  it("lists id, name, keyPrefix, lastUsedAt and createdAt when keys exist", async () => {
    const created = await createApiKey(t, account.apiKey, "listed");
    const keys = await listApiKeys(t, account.apiKey);
    const listed = keys.find((key) => key.id === created.id);
    expect(listed).toEqual({
      id: created.id,
      name: "listed",
      keyPrefix: created.prefix,
      lastUsedAt: null,
      createdAt: created.createdAt,
    });
  });

  it("never returns a raw key or a hash when keys are listed", async () => {
    const created = await createApiKey(t, account.apiKey, "secret");
    const response = await t.request("GET", "/v1/api-keys", { headers: withKey(account.apiKey) });
    const text = await response.clone().text();
    const keys = await expectData<KeySummary[]>(response, 200);

    expect(keys.length).toBeGreaterThan(0);
    expect(text).not.toContain(created.key);
    expect(text).not.toContain(account.apiKey);
    for (const key of keys) {
      expect(Object.keys(key).sort()).toEqual(["createdAt", "id", "keyPrefix", "lastUsedAt", "name"]);
    }
    expect(text).not.toMatch(/hash/i);
  });

  it("lists the sign-up key when the workspace has had no other key", async () => {
    const fresh = await signUp(t);
    const keys = await listApiKeys(t, fresh.apiKey);
    expect(keys).toHaveLength(1);
    expect(fresh.apiKey.startsWith(keys[0]?.keyPrefix ?? "-")).toBe(true);
  });

  it("drops a key from the list when it is revoked", async () => {
    const created = await createApiKey(t, account.apiKey, "short lived");
    await expectData(await revoke(created.id), 200);
    const keys = await listApiKeys(t, account.apiKey);
    expect(keys.map((key) => key.id)).not.toContain(created.id);
  });
});

describe("DELETE /v1/api-keys/:id", () => {
  it("answers 200 {revoked: true} when the key exists in the workspace", async () => {
    const created = await createApiKey(t, account.apiKey, "to revoke");
    expect(await expectData(await revoke(created.id), 200)).toEqual({ revoked: true });
  });

  it("answers 404 NOT_FOUND when the id is unknown", async () => {
    await expectError(await revoke("apikey_doesnotexist"), 404, "NOT_FOUND");
  });

  it("answers 404 NOT_FOUND when the key was already revoked", async () => {
    const created = await createApiKey(t, account.apiKey, "twice");
    await expectData(await revoke(created.id), 200);
    await expectError(await revoke(created.id), 404, "NOT_FOUND");
  });
});
