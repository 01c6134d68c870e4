import { beforeAll, describe, expect, it } from "vitest";
import { MAX_WEBHOOKS_PER_WORKSPACE } from "../../core/webhooks/create-webhook";
import { webhookSecretContext } from "../../core/webhooks/secret";
import { signUp, withKey } from "../helpers/accounts";
import { expectData, expectError, ISO_UTC_MS, issuePaths } from "../helpers/requests";
import { createTestApp, type TestApp } from "../helpers/test-app";

interface WebhookBody {
  id: string;
  workspaceId: string;
  url: string;
  events: string[];
  isActive: boolean;
  createdAt: string;
  secret?: string;
}

let t: TestApp;
let alice: { apiKey: string; workspaceId: string };
let bob: { apiKey: string; workspaceId: string };

beforeAll(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_URLS: "false", RATE_LIMIT_PER_MINUTE: "1000000" });
  [alice, bob] = await Promise.all([signUp(t), signUp(t)]);
});

const as = (who: { apiKey: string }) => ({
  call: (method: string, path: string, body?: unknown) =>
    t.request(method, path, { body, headers: withKey(who.apiKey) }),
});

async function create(who: { apiKey: string }, body: unknown): Promise<WebhookBody> {
  return expectData<WebhookBody>(await as(who).call("POST", "/v1/webhooks", body), 201);
}

describe("POST /v1/webhooks", () => {
  it("registers a webhook and shows its secret once", async () => {
    const created = await create(alice, {
      url: "https://hooks.example.com/weft",
      events: ["workflow.completed", "approval.requested"],
    });

    expect(created).toEqual({
      id: expect.stringMatching(/^whk_/),
      workspaceId: alice.workspaceId,
      url: "https://hooks.example.com/weft",
      events: ["workflow.completed", "approval.requested"],
      isActive: true,
      createdAt: expect.stringMatching(ISO_UTC_MS),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/),
    });
  });

  it("stores the secret only encrypted, bound to its workspace and webhook", async () => {
    const created = await create(alice, {
      url: "https://hooks.example.com/enc",
      events: ["workflow.failed"],
    });
    const stored = await t.deps.store.webhooks.get(alice.workspaceId, created.id);
    const secret = created.secret ?? "";

    expect(stored?.secretCiphertext).toBeDefined();
    expect(JSON.stringify(stored)).not.toContain(secret);
    const ciphertext = stored?.secretCiphertext ?? "";
    await expect(
      t.deps.keyVault.decrypt(ciphertext, webhookSecretContext(alice.workspaceId, created.id)),
    ).resolves.toBe(secret);
    await expect(
      t.deps.keyVault.decrypt(ciphertext, webhookSecretContext(bob.workspaceId, created.id)),
    ).rejects.toThrow();
  });

  it.each([
    ["no url", { events: ["workflow.completed"] }, "url"],
    ["an invalid url", { url: "not a url", events: ["workflow.completed"] }, "url"],
    ["an http url", { url: "http://hooks.example.com/x", events: ["workflow.completed"] }, "url"],
    [
      "credentials in the url",
      { url: "https://u:p@hooks.example.com/x", events: ["workflow.completed"] },
      "url",
    ],
    ["no events", { url: "https://hooks.example.com/x" }, "events"],
    ["empty events", { url: "https://hooks.example.com/x", events: [] }, "events"],
    ["an unknown event", { url: "https://hooks.example.com/x", events: ["workflow.started"] }, "events.0"],
    [
      "a repeated event",
      { url: "https://hooks.example.com/x", events: ["workflow.failed", "workflow.failed"] },
      "events",
    ],
    ["events not an array", { url: "https://hooks.example.com/x", events: "workflow.failed" }, "events"],
  ])("answers 400 VALIDATION_ERROR for %s", async (_case, body, path) => {
    const error = await expectError(
      await as(alice).call("POST", "/v1/webhooks", body),
      400,
      "VALIDATION_ERROR",
    );
    expect(issuePaths(error)).toContain(path);
  });

  it("answers 401 without an API key", async () => {
    const response = await t.request("POST", "/v1/webhooks", {
      body: { url: "https://hooks.example.com/x", events: ["workflow.failed"] },
    });
    await expectError(response, 401, "AUTH_ERROR");
  });
});

describe("the number of webhooks per workspace", () => {
  it("is capped, so one run event fans out to a bounded number of deliveries", async () => {
    const carol = await signUp(t);
    for (let i = 0; i < MAX_WEBHOOKS_PER_WORKSPACE; i++) {
      await create(carol, { url: `https://hooks.example.com/${i}`, events: ["workflow.failed"] });
    }

    const error = await expectError(
      await as(carol).call("POST", "/v1/webhooks", {
        url: "https://hooks.example.com/x",
        events: ["workflow.failed"],
      }),
      400,
      "VALIDATION_ERROR",
    );
    expect(error.message).toContain(String(MAX_WEBHOOKS_PER_WORKSPACE));
  });
});

describe("GET /v1/webhooks", () => {
  it("lists the workspace's webhooks without their secrets", async () => {
    const created = await create(bob, {
      url: "https://hooks.example.com/list",
      events: ["approval.decided"],
    });

    const response = await as(bob).call("GET", "/v1/webhooks");
    const text = await response.clone().text();
    const listed = await expectData<WebhookBody[]>(response, 200);

    expect(listed).toEqual([
      {
        id: created.id,
        workspaceId: bob.workspaceId,
        url: "https://hooks.example.com/list",
        events: ["approval.decided"],
        isActive: true,
        createdAt: created.createdAt,
      },
    ]);
    expect(text).not.toContain(created.secret);
    expect(text).not.toMatch(/whsec_|secret|ciphertext/i);
  });

  it("answers 401 without an API key", async () => {
    await expectError(await t.request("GET", "/v1/webhooks"), 401, "AUTH_ERROR");
  });
});

describe("DELETE /v1/webhooks/:id and the delivery log", () => {
  it("deletes a webhook of the caller's workspace, then answers 404 for it", async () => {
    const created = await create(alice, {
      url: "https://hooks.example.com/del",
      events: ["workflow.cancelled"],
    });

    const deleted = await expectData(await as(alice).call("DELETE", `/v1/webhooks/${created.id}`), 200);

    expect(deleted).toEqual({ id: created.id, deleted: true });
    const listed = await expectData<WebhookBody[]>(await as(alice).call("GET", "/v1/webhooks"), 200);
    expect(listed.map((webhook) => webhook.id)).not.toContain(created.id);
    await expectError(await as(alice).call("DELETE", `/v1/webhooks/${created.id}`), 404, "NOT_FOUND");
    await expectError(await as(alice).call("GET", `/v1/webhooks/${created.id}/deliveries`), 404, "NOT_FOUND");
  });

  it("answers 404 for another workspace's webhook and leaves it in place", async () => {
    const theirs = await create(bob, { url: "https://hooks.example.com/bob", events: ["workflow.failed"] });

    await expectError(await as(alice).call("DELETE", `/v1/webhooks/${theirs.id}`), 404, "NOT_FOUND");
    await expectError(await as(alice).call("GET", `/v1/webhooks/${theirs.id}/deliveries`), 404, "NOT_FOUND");
    const listed = await expectData<WebhookBody[]>(await as(bob).call("GET", "/v1/webhooks"), 200);
    expect(listed.map((webhook) => webhook.id)).toContain(theirs.id);
  });

  it("answers 404 for an unknown id and 401 without a key", async () => {
    await expectError(await as(alice).call("DELETE", "/v1/webhooks/whk_unknown"), 404, "NOT_FOUND");
    await expectError(await t.request("DELETE", "/v1/webhooks/whk_unknown"), 401, "AUTH_ERROR");
  });

  it("pages an empty delivery log and validates page parameters", async () => {
    const created = await create(alice, {
      url: "https://hooks.example.com/log",
      events: ["workflow.failed"],
    });

    const response = await as(alice).call("GET", `/v1/webhooks/${created.id}/deliveries?page=2&pageSize=5`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      data: [],
      meta: { page: 2, pageSize: 5, total: 0, totalPages: 0 },
    });
    await expectError(
      await as(alice).call("GET", `/v1/webhooks/${created.id}/deliveries?pageSize=101`),
      400,
      "VALIDATION_ERROR",
    );
  });
});
