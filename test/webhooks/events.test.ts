import { createHmac } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { verifyWebhookSignature } from "../../core/webhooks/signature";
import { expectData, ISO_UTC_MS } from "../helpers/requests";
import {
  attemptsOf,
  eventBody,
  eventually,
  noop,
  startReceiver,
  type WebhookHarness,
  webhookHarness,
} from "./harness";

const ALL_EVENTS = [
  "workflow.completed",
  "workflow.failed",
  "workflow.cancelled",
  "approval.requested",
  "approval.decided",
];

let h: WebhookHarness;

beforeAll(async () => {
  h = await webhookHarness();
});

describe("webhook deliveries from the local service", () => {
  it("delivers all five events to a loopback receiver with the body and headers of spec 6.2", async () => {
    const receiver = await startReceiver();
    const webhook = await h.register(receiver.url, ALL_EVENTS);

    // An approval (requested, then decided) in a run that completes.
    const approvedRun = await h.run(
      [{ type: "approval", name: "review", contentKey: "draft", prompt: "Publish this?" }, noop("publish")],
      { draft: "hello" },
    );
    await h.waitForRun(approvedRun, ["PAUSED"]);
    const [approval] = await expectData<{ id: string }[]>(await h.call("GET", "/v1/approval-requests"), 200);
    if (!approval) throw new Error("no approval request");
    await expectData(
      await h.call("POST", `/v1/approval-requests/${approval.id}/decide`, {
        decision: "approved",
        decidedBy: "ana@example.com",
      }),
      200,
    );
    await h.waitForRun(approvedRun, ["COMPLETED"]);
    // A run that fails, and one cancelled while it waits.
    const failedRun = await h.run([
      { type: "task", name: "explode", handler: "fail", config: { error: "boom" } },
    ]);
    await h.waitForRun(failedRun, ["FAILED"]);
    const cancelledRun = await h.run([{ type: "wait", name: "nap", durationMs: 600_000 }]);
    await h.waitForRun(cancelledRun, ["WAITING"]);
    await expectData(await h.call("POST", `/v1/workflow-runs/${cancelledRun}/cancel`), 200);

    await eventually(() => (receiver.requests.length >= 5 ? true : undefined), "five deliveries");
    const byEvent = new Map(receiver.requests.map((request) => [eventBody(request).event, request]));
    expect([...byEvent.keys()].sort()).toEqual([...ALL_EVENTS].sort());

    for (const request of receiver.requests) {
      const body = eventBody(request);
      expect(request.method).toBe("POST");
      expect(request.path).toBe("/hooks");
      expect(request.headers["content-type"]).toBe("application/json");
      expect(request.headers["x-webhook-event"]).toBe(body.event);
      expect(request.headers["x-webhook-id"]).toBe(webhook.id);
      expect(request.headers["x-webhook-delivery"]).toMatch(/^dlv_[0-9a-z]+$/);
      const expected = createHmac("sha256", webhook.secret).update(request.rawBody).digest("hex");
      expect(request.headers["x-webhook-signature"]).toBe(expected);
      expect(verifyWebhookSignature(webhook.secret, request.rawBody, expected)).toBe(true);
      expect(Object.keys(body).sort()).toEqual([
        "data",
        "event",
        "timestamp",
        "workflowRunId",
        "workspaceId",
      ]);
      expect(body.workspaceId).toBe(h.workspaceId);
      expect(body.timestamp).toMatch(ISO_UTC_MS);
    }
    const deliveryIds = receiver.requests.map((request) => request.headers["x-webhook-delivery"]);
    expect(new Set(deliveryIds).size).toBe(5);

    const run = await expectData<{ output: unknown }>(
      await h.call("GET", `/v1/workflow-runs/${approvedRun}`),
      200,
    );
    const body = (event: string) => {
      const request = byEvent.get(event);
      if (!request) throw new Error(`no ${event}`);
      return eventBody(request);
    };
    expect(body("approval.requested")).toMatchObject({
      workflowRunId: approvedRun,
      data: {
        approvalRequestId: approval.id,
        stepName: "review",
        contentKey: "draft",
        prompt: "Publish this?",
      },
    });
    // A step without assignees: the spec's data, no links.
    expect(Object.keys(body("approval.requested").data).sort()).toEqual([
      "approvalRequestId",
      "contentKey",
      "prompt",
      "stepName",
    ]);
    expect(body("approval.decided")).toMatchObject({
      workflowRunId: approvedRun,
      data: {
        approvalRequestId: approval.id,
        stepName: "review",
        decision: "approved",
        decidedBy: "ana@example.com",
      },
    });
    expect(body("workflow.completed")).toMatchObject({
      workflowRunId: approvedRun,
      data: { status: "COMPLETED", output: run.output, completedAt: expect.stringMatching(ISO_UTC_MS) },
    });
    expect(Object.keys(body("workflow.completed").data).sort()).toEqual(["completedAt", "output", "status"]);
    expect(body("workflow.failed")).toMatchObject({
      workflowRunId: failedRun,
      data: {
        status: "FAILED",
        error: "boom",
        stepName: "explode",
        failedAt: expect.stringMatching(ISO_UTC_MS),
      },
    });
    expect(body("workflow.cancelled")).toEqual({
      event: "workflow.cancelled",
      workflowRunId: cancelledRun,
      workspaceId: h.workspaceId,
      data: { status: "CANCELLED", cancelledAt: expect.stringMatching(ISO_UTC_MS) },
      timestamp: expect.stringMatching(ISO_UTC_MS),
    });

    const log = await h.settled(webhook.id, 5);
    expect(log.map((delivery) => delivery.status)).toEqual(Array(5).fill("delivered"));
    expect(log.map(attemptsOf)).toEqual(Array(5).fill([200]));
  });

  it("gives approval.requested each assignee's signed links when the step names assignees", async () => {
    const receiver = await startReceiver();
    const webhook = await h.register(receiver.url, ["approval.requested"]);
    const runId = await h.run(
      [{ type: "approval", name: "review", contentKey: "draft", assignees: ["Ann@example.com"] }],
      { draft: "hello" },
    );
    await h.waitForRun(runId, ["PAUSED"]);
    await h.settled(webhook.id, 1);

    const [request] = receiver.requests;
    if (!request) throw new Error("no approval.requested delivery");
    const { links } = eventBody(request).data as { links: Record<string, string>[] };
    expect(links).toEqual([
      {
        assignee: "ann@example.com",
        expiresAt: expect.stringMatching(ISO_UTC_MS),
        approve: expect.stringMatching(/^http:\/\/localhost:\d+\/a\/[\w-]+\.[\w-]+$/),
        reject: expect.stringMatching(/\/a\//),
        review: expect.stringMatching(/\/a\//),
      },
    ]);
    const page = await h.t.app.request(new URL(links[0]?.approve ?? "").pathname);
    expect(page.status).toBe(200);
    const proof = /name="proof" value="([^"]+)"/.exec(await page.text())?.[1] ?? "";
    const decided = await h.t.app.request(new URL(links[0]?.approve ?? "").pathname, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ proof, decision: "approved" }).toString(),
    });
    expect(decided.status).toBe(200);
    await h.waitForRun(runId, ["COMPLETED"]);
  });

  it("delivers to each webhook only the events it subscribed to", async () => {
    const failures = await startReceiver();
    const completions = await startReceiver();
    const onFailure = await h.register(failures.url, ["workflow.failed"]);
    await h.register(completions.url, ["workflow.completed"]);

    const failed = await h.run([{ type: "task", name: "explode", handler: "fail", config: {} }]);
    await h.waitForRun(failed, ["FAILED"]);
    await h.settled(onFailure.id, 1);
    const completed = await h.run([noop("only")]);
    await h.waitForRun(completed, ["COMPLETED"]);
    await eventually(() => (completions.requests.length === 1 ? true : undefined), "the completion");
    await h.t.runEventsIdle();

    expect(failures.requests.map((request) => eventBody(request).workflowRunId)).toEqual([failed]);
    expect(failures.requests.map((request) => request.headers["x-webhook-event"])).toEqual([
      "workflow.failed",
    ]);
    expect(completions.requests.map((request) => eventBody(request).workflowRunId)).toEqual([completed]);
  });

  it("names a child run's parent in its deliveries, and leaves the field out of a top-level run's", async () => {
    const receiver = await startReceiver();
    const webhook = await h.register(receiver.url, ["workflow.completed"]);
    const parent = await h.run([
      {
        type: "parallel",
        name: "together",
        join: "all",
        branches: [
          { name: "a", steps: [noop("a1")] },
          { name: "b", steps: [noop("b1")] },
        ],
      },
    ]);
    await h.waitForRun(parent, ["COMPLETED"]);
    await h.settled(webhook.id, 3);

    const bodies = receiver.requests.map((request) => eventBody(request));
    const [own] = bodies.filter((body) => body.workflowRunId === parent);
    const children = bodies.filter((body) => body.workflowRunId !== parent);
    expect(own).toBeDefined();
    expect(own).not.toHaveProperty("parentRunId");
    expect(children.map((body) => body.parentRunId)).toEqual([parent, parent]);
    expect(Object.keys(children[0] ?? {})).toEqual([
      "event",
      "workflowRunId",
      "parentRunId",
      "workspaceId",
      "data",
      "timestamp",
    ]);
  });

  it("pages the delivery log newest first, with the webhook's delivery count as total", async () => {
    const receiver = await startReceiver();
    const webhook = await h.register(receiver.url, ["workflow.completed"]);
    const runs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const runId = await h.run([noop("only")]);
      await h.waitForRun(runId, ["COMPLETED"]);
      await h.settled(webhook.id, i + 1);
      runs.push(runId);
    }

    const page = async (n: number) => {
      const response = await h.call("GET", `/v1/webhooks/${webhook.id}/deliveries?page=${n}&pageSize=2`);
      expect(response.status).toBe(200);
      return (await response.json()) as { data: { workflowRunId: string }[]; meta: unknown };
    };
    const [first, second, third] = [await page(1), await page(2), await page(3)];

    expect(first.meta).toEqual({ page: 1, pageSize: 2, total: 3, totalPages: 2 });
    expect(first.data.map((delivery) => delivery.workflowRunId)).toEqual([runs[2], runs[1]]);
    expect(second.data.map((delivery) => delivery.workflowRunId)).toEqual([runs[0]]);
    expect(third.data).toEqual([]);
    expect(JSON.stringify(first.data)).not.toMatch(/"body"|whsec_/);
  });
});
