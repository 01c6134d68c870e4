import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createStore } from "../../core/adapters/dynamodb/store";
import { createDocumentClient, createDynamoClient } from "../../core/adapters/dynamodb/table/dynamo-client";
import { createApp } from "../../core/api/app";
import { createTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

/** The real app wired as test-app.ts wires it, but over a table that was never created. */
function appWithoutTable() {
  const dynamo = createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") });
  const store = createStore({
    client: createDocumentClient(dynamo),
    name: `missing-${randomBytes(6).toString("hex")}`,
  });
  return createApp({ ...t.deps, store }, { clientAddress: () => "203.0.113.9" });
}

describe("health probes", () => {
  it.each(["/health", "/live"])("answers 200 status ok on %s when no API key is sent", async (path) => {
    const response = await t.request("GET", path);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: { status: "ok" } });
  });

  it("answers 200 status ready on /ready when no API key is sent and the table answers", async () => {
    const response = await t.request("GET", "/ready");

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: { status: "ready" } });
  });

  it("answers 503 in the error envelope on /ready when the table does not exist", async () => {
    const app = appWithoutTable();

    const response = await app.request("/ready");

    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      success: false,
      error: { code: "INTERNAL_ERROR", message: "The store is not reachable" },
    });
  });

  it("keeps answering 200 on /health and /live when the table does not exist", async () => {
    const app = appWithoutTable();

    for (const path of ["/health", "/live"]) {
      const response = await app.request(path);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true, data: { status: "ok" } });
    }
  });
});
