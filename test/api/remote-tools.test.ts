import { beforeAll, describe, expect, it } from "vitest";
import { toolSecretContext } from "../../core/domain/remote-tool";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { expectData, expectError, ISO_UTC_MS, issuePaths } from "../helpers/requests";
import { createTestApp, type TestApp } from "../helpers/test-app";

interface ToolBody {
  id: string;
  name: string;
  url: string;
  timeoutMs: number;
  createdAt: string;
  secret?: string;
}

let t: TestApp;
let strict: TestApp;
let account: SignedUp;
let other: SignedUp;

beforeAll(async () => {
  t = await createTestApp();
  strict = await createTestApp({ ALLOW_PRIVATE_URLS: "false" });
  account = await signUp(t);
  other = await signUp(t);
});

const call = (method: string, path: string, body?: unknown, who: SignedUp = account) =>
  t.request(method, path, { body, headers: withKey(who.apiKey) });
const list = async (who: SignedUp = account) =>
  expectData<ToolBody[]>(await call("GET", "/v1/remote-tools", undefined, who), 200);

describe("POST /v1/remote-tools", () => {
  it("registers a tool with the default timeout and shows its secret once", async () => {
    const created = await expectData<ToolBody>(
      await call("POST", "/v1/remote-tools", { name: "crm_lookup", url: "https://tools.example.com/crm" }),
      201,
    );
    expect(created).toEqual({
      id: expect.stringMatching(/^tol_/),
      name: "crm_lookup",
      url: "https://tools.example.com/crm",
      timeoutMs: 10_000,
      createdAt: expect.stringMatching(ISO_UTC_MS),
      secret: expect.stringMatching(/^tsec_.{40,}$/),
    });
    const listed = await list();
    expect(listed).toEqual([
      {
        id: created.id,
        name: "crm_lookup",
        url: created.url,
        timeoutMs: 10_000,
        createdAt: created.createdAt,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.secret);

    // Stored encrypted, bound to the workspace and tool.
    const stored = await t.deps.store.remoteTools.byName(account.workspaceId, "crm_lookup");
    expect(JSON.stringify(stored)).not.toContain(created.secret);
    const plain = await t.deps.keyVault.decrypt(
      stored?.secretCiphertext ?? "",
      toolSecretContext(account.workspaceId, created.id),
    );
    expect(plain).toBe(created.secret);
  });

  it("is 409 for a name the workspace already has, and allows it in another workspace", async () => {
    const body = { name: "dupe-tool", url: "https://tools.example.com/a", timeoutMs: 500 };
    await expectData(await call("POST", "/v1/remote-tools", body), 201);
    await expectError(
      await call("POST", "/v1/remote-tools", { ...body, url: "https://x.example.com" }),
      409,
      "CONFLICT",
    );
    await expectData(await call("POST", "/v1/remote-tools", body, other), 201);
  });

  it.each([
    [{ url: "https://a.example.com" }, "name"],
    [{ name: "1tool", url: "https://a.example.com" }, "name"],
    [{ name: "has space", url: "https://a.example.com" }, "name"],
    [{ name: `t${"x".repeat(64)}`, url: "https://a.example.com" }, "name"],
    [{ name: "ok" }, "url"],
    [{ name: "ok", url: "not a url" }, "url"],
    [{ name: "ok", url: "https://a.example.com", timeoutMs: 99 }, "timeoutMs"],
    [{ name: "ok", url: "https://a.example.com", timeoutMs: 30_001 }, "timeoutMs"],
  ])("refuses %j with 400 naming %s", async (body, field) => {
    const error = await expectError(await call("POST", "/v1/remote-tools", body), 400, "VALIDATION_ERROR");
    expect(issuePaths(error)).toContain(field);
  });

  it.each([
    "http://tools.example.com",
    "https://127.0.0.1/x",
    "https://2130706433/x",
    "https://[::1]/",
    "https://[::ffff:127.0.0.1]/",
    "https://localhost.:443/",
    "https://metadata.google.internal/computeMetadata/v1/",
    "https://user:pw@tools.example.com",
  ])("refuses %s where private URLs are not allowed", async (url) => {
    const owner = await signUp(strict);
    const response = await strict.request("POST", "/v1/remote-tools", {
      body: { name: "t", url },
      headers: withKey(owner.apiKey),
    });
    expect(issuePaths(await expectError(response, 400, "VALIDATION_ERROR"))).toEqual(["url"]);
  });
});

describe("DELETE /v1/remote-tools/:id", () => {
  it("deletes (freeing the name); another workspace's tool is 404", async () => {
    const created = await expectData<ToolBody>(
      await call("POST", "/v1/remote-tools", { name: "temp", url: "https://tools.example.com" }),
      201,
    );
    await expectError(
      await call("DELETE", `/v1/remote-tools/${created.id}`, undefined, other),
      404,
      "NOT_FOUND",
    );
    expect(await expectData(await call("DELETE", `/v1/remote-tools/${created.id}`), 200)).toEqual({
      deleted: true,
    });
    await expectError(await call("DELETE", `/v1/remote-tools/${created.id}`), 404, "NOT_FOUND");
    expect((await list()).map((tool) => tool.name)).not.toContain("temp");
    await expectData(
      await call("POST", "/v1/remote-tools", { name: "temp", url: "https://tools.example.com" }),
      201,
    );
  });

  it("answers 401 without a key", async () => {
    await expectError(await t.request("GET", "/v1/remote-tools"), 401, "AUTH_ERROR");
  });
});
