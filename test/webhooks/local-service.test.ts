import { createHmac, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { type LocalService, startLocalService } from "../helpers/local-service";
import { answer, eventually, type Received, startReceiver } from "./harness";

/**
 * `npm start` as a child process (on the test run's DynamoDB), a loopback receiver, and the API over HTTP:
 * the five events delivered by the local service itself, and a delivery that survives the service being
 * killed between two attempts.
 */
const dataDir = mkdtempSync(join(tmpdir(), "weft-webhooks-"));
const env = {
  DATA_DIR: dataDir,
  DYNAMODB_ENDPOINT: inject("dynamoEndpoint"),
  TABLE_NAME: `e2e-hooks-${randomBytes(6).toString("hex")}`,
  ALLOW_PRIVATE_URLS: "true",
  WEBHOOK_RETRY_DELAYS_MS: "1500,100",
};
let service: LocalService | undefined;

afterAll(async () => {
  await service?.stop("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
});

async function call<T>(method: string, path: string, key?: string, body?: unknown): Promise<T> {
  if (!service) throw new Error("service not started");
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: { ...(key ? { "x-api-key": key } : {}), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

async function startRun(key: string, steps: unknown[], input: Record<string, unknown> = {}): Promise<string> {
  const name = `hooks-${randomBytes(3).toString("hex")}`;
  const definition = await call<{ id: string }>("POST", "/v1/workflow-definitions", key, {
    name,
    version: "1",
    steps,
  });
  return (
    await call<{ id: string }>("POST", "/v1/workflow-runs", key, { definitionId: definition.id, input })
  ).id;
}

async function runStatus(key: string, runId: string, status: string): Promise<void> {
  await eventually(async () => {
    const run = await call<{ status: string }>("GET", `/v1/workflow-runs/${runId}`, key);
    return run.status === status ? true : undefined;
  }, `run ${runId} ${status}`);
}

const eventOf = (request: Received) => (JSON.parse(request.rawBody) as { event: string }).event;

describe("webhooks of the local service (npm start)", { timeout: 180_000 }, () => {
  it("delivers all five events, signed, to a loopback receiver, and resumes a retry after a crash", async () => {
    service = await startLocalService(env);
    const signup = await call<{ apiKey: { key: string } }>("POST", "/v1/dashboard-auth/signup", undefined, {
      email: `hooks-${randomBytes(4).toString("hex")}@example.com`,
      password: "a long password",
      workspaceName: "Hooks",
    });
    const key = signup.apiKey.key;
    const receiver = await startReceiver();
    const webhook = await call<{ id: string; secret: string }>("POST", "/v1/webhooks", key, {
      url: receiver.url,
      events: [
        "workflow.completed",
        "workflow.failed",
        "workflow.cancelled",
        "approval.requested",
        "approval.decided",
      ],
    });

    const approved = await startRun(key, [{ type: "approval", name: "review", contentKey: "input" }]);
    await runStatus(key, approved, "PAUSED");
    const [approval] = await call<{ id: string }[]>("GET", "/v1/approval-requests?pending=true", key);
    await call("POST", `/v1/approval-requests/${approval?.id}/decide`, key, { decision: "approved" });
    await runStatus(key, approved, "COMPLETED");
    const failed = await startRun(key, [{ type: "task", name: "explode", handler: "fail", config: {} }]);
    await runStatus(key, failed, "FAILED");
    const cancelled = await startRun(key, [{ type: "wait", name: "nap", durationMs: 600_000 }]);
    await runStatus(key, cancelled, "WAITING");
    await call("POST", `/v1/workflow-runs/${cancelled}/cancel`, key);

    await eventually(() => (receiver.requests.length === 5 ? true : undefined), "five deliveries");
    expect(receiver.requests.map(eventOf).sort()).toEqual([
      "approval.decided",
      "approval.requested",
      "workflow.cancelled",
      "workflow.completed",
      "workflow.failed",
    ]);
    for (const request of receiver.requests) {
      const signature = createHmac("sha256", webhook.secret).update(request.rawBody).digest("hex");
      expect(request.headers["x-webhook-signature"]).toBe(signature);
      expect(request.headers["x-webhook-id"]).toBe(webhook.id);
    }

    // Attempt 1 fails; the service is killed before attempt 2 (due 1.5 s later) and started again.
    const flaky = await startReceiver((_request, n, res) => answer(res, n === 1 ? 500 : 200));
    const flakyHook = await call<{ id: string }>("POST", "/v1/webhooks", key, {
      url: flaky.url,
      events: ["workflow.completed"],
    });
    await runStatus(key, await startRun(key, [{ type: "task", name: "one", handler: "noop" }]), "COMPLETED");
    await eventually(async () => {
      const log = await call<{ attempts: number }[]>("GET", `/v1/webhooks/${flakyHook.id}/deliveries`, key);
      return log[0]?.attempts === 1 ? true : undefined;
    }, "attempt 1 recorded");
    await service.stop("SIGKILL");
    service = await startLocalService(env);

    const [delivery] = await eventually(
      async () => {
        const log = await call<{ status: string; attempts: number }[]>(
          "GET",
          `/v1/webhooks/${flakyHook.id}/deliveries`,
          key,
        );
        return log[0]?.status === "delivered" ? log : undefined;
      },
      "the delivery after the restart",
      30_000,
    );
    expect(delivery).toMatchObject({ status: "delivered", attempts: 2 });
    expect(flaky.requests).toHaveLength(2);
  });
});
