import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type LocalService, startLocalService } from "../helpers/local-service";

const dataDir = mkdtempSync(join(tmpdir(), "weft-e2e-"));
let service: LocalService | undefined;

afterAll(async () => {
  await service?.stop("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(method: string, path: string, init: { key?: string; body?: unknown } = {}) {
  if (!service) throw new Error("service not started");
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: { ...(init.key ? { "x-api-key": init.key } : {}), "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as { data: Record<string, unknown> } };
}

describe("npm start", { timeout: 180_000 }, () => {
  it("serves the API, stops cleanly on SIGTERM and keeps its data across a restart in the same DATA_DIR", async () => {
    service = await startLocalService({ DATA_DIR: dataDir });
    expect((await call("GET", "/ready")).body).toEqual({ success: true, data: { status: "ready" } });
    const signup = await call("POST", "/v1/dashboard-auth/signup", {
      body: { email: "e2e@example.com", password: "a long password", workspaceName: "E2E" },
    });
    const key = (signup.body.data.apiKey as { key: string }).key;
    const created = await call("POST", "/v1/workflow-definitions", {
      key,
      body: { name: "greet", version: "1", steps: [{ type: "task", name: "hello", handler: "noop" }] },
    });
    expect(created.status).toBe(201);

    await service.stop("SIGTERM");
    expect(service.output()).toContain('"message":"stopped"');

    service = await startLocalService({ DATA_DIR: dataDir });
    const fetched = await call("GET", `/v1/workflow-definitions/${created.body.data.id}`, { key });
    expect(fetched.status).toBe(200);
    expect(fetched.body.data).toMatchObject({ name: "greet", version: "1" });
    await service.stop("SIGINT");
    expect(service.output()).toContain('"message":"stopped"');
    service = undefined;
  });
});
