import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createDocumentClient, createDynamoClient } from "../../core/adapters/dynamodb/table/dynamo-client";
import { keys } from "../../core/adapters/dynamodb/table/keys";
import { providerKeyContext } from "../../core/domain/provider-config";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { expectData, expectError, ISO_UTC_MS, issuePaths } from "../helpers/requests";
import { createTestApp, type TestApp } from "../helpers/test-app";

interface ProviderBody {
  id: string;
  provider: string;
  priority: number;
  isEnabled: boolean;
  createdAt: string;
  updatedAt: string;
}

let t: TestApp;
let account: SignedUp;
let other: SignedUp;

beforeAll(async () => {
  t = await createTestApp();
  account = await signUp(t);
  other = await signUp(t);
});

const OPENAI_KEY = "sk-workspace-openai-0123456789";
const call = (method: string, path: string, body?: unknown, who: SignedUp = account) =>
  t.request(method, path, { body, headers: withKey(who.apiKey) });
const list = async (who: SignedUp = account) =>
  expectData<ProviderBody[]>(await call("GET", "/v1/llm-providers", undefined, who), 200);

describe("PUT /v1/llm-providers", () => {
  it("adds a provider with 201 and the defaults, updates it with 200, and never returns the key", async () => {
    const added = await call("PUT", "/v1/llm-providers", { provider: "openai", apiKey: OPENAI_KEY });
    const text = await added.clone().text();
    const created = await expectData<ProviderBody>(added, 201);
    expect(created).toEqual({
      id: expect.stringMatching(/^prv_/),
      provider: "openai",
      priority: 0,
      isEnabled: true,
      createdAt: expect.stringMatching(ISO_UTC_MS),
      updatedAt: expect.stringMatching(ISO_UTC_MS),
    });
    expect(text).not.toContain(OPENAI_KEY);

    const updated = await expectData<ProviderBody>(
      await call("PUT", "/v1/llm-providers", {
        provider: "openai",
        apiKey: `${OPENAI_KEY}-new`,
        priority: 7,
        isEnabled: false,
      }),
      200,
    );
    expect(updated).toMatchObject({
      id: created.id,
      createdAt: created.createdAt,
      priority: 7,
      isEnabled: false,
    });
    const listed = await list();
    expect(listed).toEqual([updated]);
    expect(JSON.stringify(listed)).not.toContain(OPENAI_KEY);
  });

  it("stores the key encrypted, bound to its workspace and provider", async () => {
    await call("PUT", "/v1/llm-providers", { provider: "anthropic", apiKey: "sk-ant-0123456789abc" });
    const client = createDocumentClient(
      createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") }),
    );
    const { Item } = await client.send(
      new GetCommand({
        TableName: t.deps.config.TABLE_NAME,
        Key: keys.llmProvider(account.workspaceId, "anthropic"),
      }),
    );
    expect(JSON.stringify(Item)).not.toContain("sk-ant-0123456789abc");
    const ciphertext = String(Item?.apiKeyCiphertext);
    const vault = t.deps.keyVault;
    expect(await vault.decrypt(ciphertext, providerKeyContext(account.workspaceId, "anthropic"))).toBe(
      "sk-ant-0123456789abc",
    );
    await expect(
      vault.decrypt(ciphertext, providerKeyContext(other.workspaceId, "anthropic")),
    ).rejects.toThrow();
    await expect(
      vault.decrypt(ciphertext, providerKeyContext(account.workspaceId, "openai")),
    ).rejects.toThrow();
  });

  it.each([
    [{ apiKey: OPENAI_KEY }, "provider"],
    [{ provider: "mistral", apiKey: OPENAI_KEY }, "provider"],
    [{ provider: "openai" }, "apiKey"],
    [{ provider: "openai", apiKey: "short" }, "apiKey"],
    [{ provider: "openai", apiKey: OPENAI_KEY, priority: 100 }, "priority"],
    [{ provider: "openai", apiKey: OPENAI_KEY, priority: 1.5 }, "priority"],
    [{ provider: "openai", apiKey: OPENAI_KEY, isEnabled: "yes" }, "isEnabled"],
  ])("refuses %j with 400 naming %s", async (body, field) => {
    const error = await expectError(await call("PUT", "/v1/llm-providers", body), 400, "VALIDATION_ERROR");
    expect(issuePaths(error)).toContain(field);
    expect(JSON.stringify(error)).not.toContain(OPENAI_KEY);
  });

  it("answers 401 without a key", async () => {
    await expectError(
      await t.request("PUT", "/v1/llm-providers", { body: { provider: "openai", apiKey: OPENAI_KEY } }),
      401,
      "AUTH_ERROR",
    );
  });
});

describe("PATCH /v1/llm-providers/priority", () => {
  it("sets several priorities at once", async () => {
    await call("PUT", "/v1/llm-providers", { provider: "google", apiKey: "g-0123456789abcdef" });
    const body = {
      providers: [
        { provider: "google", priority: 1 },
        { provider: "anthropic", priority: 2 },
      ],
    };
    expect(await expectData(await call("PATCH", "/v1/llm-providers/priority", body), 200)).toEqual({
      updated: true,
    });
    const priorities = Object.fromEntries((await list()).map((row) => [row.provider, row.priority]));
    expect(priorities).toMatchObject({ google: 1, anthropic: 2 });
  });

  it("is 404 for an unknown or unconfigured provider, and changes nothing then", async () => {
    const before = await list();
    for (const provider of ["mistral", "openai"]) {
      const fresh = await signUp(t);
      await call("PUT", "/v1/llm-providers", { provider: "google", apiKey: "g-0123456789abcdef" }, fresh);
      const body = {
        providers: [
          { provider: "google", priority: 9 },
          { provider, priority: 1 },
        ],
      };
      await expectError(await call("PATCH", "/v1/llm-providers/priority", body, fresh), 404, "NOT_FOUND");
      expect((await list(fresh))[0]?.priority).toBe(0);
    }
    expect(await list()).toEqual(before);
  });

  it.each([
    [{ providers: [] }, "providers"],
    [
      {
        providers: [
          { provider: "openai", priority: 1 },
          { provider: "openai", priority: 2 },
        ],
      },
      "providers.1.provider",
    ],
    [
      {
        providers: ["openai", "anthropic", "google", "openai"].map((provider) => ({ provider, priority: 1 })),
      },
      "providers",
    ],
    [{ providers: [{ provider: "openai", priority: -1 }] }, "providers.0.priority"],
    [{}, "providers"],
  ])("refuses %j with 400", async (body, field) => {
    const error = await expectError(
      await call("PATCH", "/v1/llm-providers/priority", body),
      400,
      "VALIDATION_ERROR",
    );
    expect(issuePaths(error)).toContain(field);
  });
});

describe("DELETE /v1/llm-providers/:provider", () => {
  it("deletes, then is 404; another workspace's provider is 404 and stays", async () => {
    await call("PUT", "/v1/llm-providers", { provider: "google", apiKey: "g-0123456789abcdef" }, other);
    await expectError(await call("DELETE", "/v1/llm-providers/mistral"), 404, "NOT_FOUND");
    const mine = await signUp(t);
    await expectError(await call("DELETE", "/v1/llm-providers/google", undefined, mine), 404, "NOT_FOUND");
    expect((await list(other)).map((row) => row.provider)).toEqual(["google"]);
    expect(await expectData(await call("DELETE", "/v1/llm-providers/google", undefined, other), 200)).toEqual(
      { deleted: true },
    );
    await expectError(await call("DELETE", "/v1/llm-providers/google", undefined, other), 404, "NOT_FOUND");
    expect(await list(other)).toEqual([]);
  });
});
