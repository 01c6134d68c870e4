import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { createDefinition } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * /mcp under the workspace's rate limit: one message per request, so one request is one count, and every
 * answer says where the count stands, as /v1's do.
 */
const LIMIT = 50;
let t: TestApp;
let account: SignedUp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  account = await signUp(t);
});

const mcpHeaders = (apiKey: string) => ({
  ...withKey(apiKey),
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2025-06-18",
});

const listRuns = async (apiKey: string) => {
  const response = await t.request("GET", "/v1/workflow-runs?limit=100", { headers: withKey(apiKey) });
  return ((await response.json()) as { data: unknown[] }).data;
};

describe("/mcp under the rate limit", () => {
  it("refuses a JSON-RPC batch whole, starting none of its 100 runs", async () => {
    const definition = await createDefinition(t.request, account.apiKey, [
      { type: "task", name: "only", handler: "set_state", config: { values: { a: 1 } } },
    ]);
    const batch = Array.from({ length: 100 }, (_, i) => ({
      jsonrpc: "2.0",
      id: i + 1,
      method: "tools/call",
      params: { name: "start_run", arguments: { definitionId: definition.id } },
    }));

    const response = await t.request("POST", "/mcp", { body: batch, headers: mcpHeaders(account.apiKey) });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      jsonrpc: "2.0",
      error: { code: -32600, message: expect.stringMatching(/batch/i) },
      id: null,
    });
    await t.idle();
    expect(await listRuns(account.apiKey)).toEqual([]);
  });

  it("sends the RateLimit headers on its answers, counting one per request", async () => {
    const { apiKey } = await signUp(t);
    const call = () =>
      t.request("POST", "/mcp", {
        body: { jsonrpc: "2.0", id: 1, method: "tools/list" },
        headers: mcpHeaders(apiKey),
      });

    const first = await call();
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-limit")).toBe(String(LIMIT));
    expect(first.headers.get("ratelimit-remaining")).toBe(String(LIMIT - 1));
    expect(first.headers.get("ratelimit-reset")).toMatch(/^\d+$/);
    const second = await call();
    expect(second.headers.get("ratelimit-remaining")).toBe(String(LIMIT - 2));
    const batch = await t.request("POST", "/mcp", {
      body: [{ jsonrpc: "2.0", id: 1, method: "tools/list" }],
      headers: mcpHeaders(apiKey),
    });
    expect(batch.headers.get("ratelimit-remaining")).toBe(String(LIMIT - 3));
  });
});
