import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyWebhookSignature } from "../../core/webhooks/signature";
import { header } from "../fakes/fake-server";
import { type OpenAiFake, startOpenAiFake } from "../fakes/openai-server";
import { withKey } from "../helpers/accounts";
import type { ApprovalBody } from "../helpers/api-types";
import { expectData, type SignupData } from "../helpers/requests";
import { allEvents, createDefinition, getRun, startRun } from "../helpers/runs";
import { eventBody, startReceiver } from "../webhooks/harness";
import { describeMode } from "./global-setup";
import { type IntegrationService, startIntegrationService } from "./service";

/**
 * One workflow through the whole service as deployed: the API handler (function URL events), the step and
 * run-event workers fed from their queues, the sweeper; DynamoDB, SQS, EventBridge Scheduler and KMS through
 * the real adapters (on an AWS endpoint, or stand-ins for all but DynamoDB: see global-setup.ts).
 */

const WORKSPACE_KEY = "sk-integration-workspace-key-0000";
const USAGE = { input: 1000, output: 100 };
// gpt-4o-mini: $0.15 / M input, $0.60 / M output.
const CALL_COST = 0.00021;
const HOUR_MS = 3_600_000;
const WEBHOOK_EVENTS = ["approval.requested", "approval.decided", "workflow.completed", "workflow.failed"];

let service: IntegrationService;
let fake: OpenAiFake;

beforeAll(async () => {
  fake = await startOpenAiFake();
  service = await startIntegrationService({
    OPENAI_BASE_URL: fake.baseUrl,
    ALLOW_PRIVATE_URLS: "true",
    WEBHOOK_RETRY_DELAYS_MS: "1000,2000",
    RATE_LIMIT_PER_MINUTE: "1000000",
  });
});

afterAll(async () => {
  await service?.stop();
  await fake?.close();
});

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("a workflow end to end through the Lambda handlers", () => {
  it("runs an LLM step, a wait, a signal and an approval to COMPLETED, with cost and signed webhooks", async () => {
    console.log(describeMode(service.mode));
    const { send } = service;

    // Sign up through the API handler, as a new user would.
    const signup = await expectData<SignupData>(
      await send("POST", "/v1/dashboard-auth/signup", {
        body: {
          email: "integration@example.com",
          password: "correct horse battery",
          workspaceName: "Integration",
        },
      }),
      201,
    );
    const apiKey = signup.apiKey.key;
    const workspaceId = signup.workspace.id;
    const call = (method: string, path: string, body?: unknown) =>
      send(method, path, { body, headers: withKey(apiKey) });

    // The workspace's own provider key (sealed by the key vault: KMS), and a webhook to a loopback receiver.
    await expectData(
      await call("PUT", "/v1/llm-providers", { provider: "openai", apiKey: WORKSPACE_KEY }),
      201,
    );
    const receiver = await startReceiver();
    const webhook = await expectData<{ id: string; secret: string }>(
      await call("POST", "/v1/webhooks", { url: receiver.url, events: WEBHOOK_EVENTS }),
      201,
    );

    fake.reply({ text: "Hello Ada, welcome aboard.", usage: USAGE });
    const definition = await createDefinition(
      send,
      apiKey,
      [
        {
          type: "llm",
          name: "draft",
          model: "gpt-4o-mini",
          systemPrompt: "You write short greetings.",
          messages: [{ role: "user", content: "Greet {{input.name}}." }],
        },
        { type: "wait", name: "pause", durationMs: 1000 },
        // Timeouts beyond the queue's 15-minute delay: each wait sets an EventBridge schedule, deleted on resume.
        { type: "external_event", name: "upload", signalType: "document.uploaded", timeoutMs: HOUR_MS },
        {
          type: "approval",
          name: "review",
          contentKey: "draft",
          prompt: "Send this greeting?",
          timeoutMs: HOUR_MS,
        },
      ],
      "integration-flow",
    );
    const run = await startRun(send, apiKey, { definitionId: definition.id, input: { name: "Ada" } });

    // The LLM step, then the 1 s wait (an SQS delayed message), then the run waits for the signal.
    const waiting = await until("the run to wait for its signal", async () => {
      const current = await getRun(send, apiKey, run.id);
      return current.status === "WAITING" && current.currentStepName === "upload" ? current : undefined;
    });
    expect(waiting.steps.map((step) => [step.stepName, step.status])).toEqual([
      ["draft", "COMPLETED"],
      ["pause", "COMPLETED"],
      ["upload", "WAITING"],
    ]);
    expect(await service.pendingSchedules()).toHaveLength(1);
    await expectData(
      await call("POST", `/v1/workflow-runs/${run.id}/resume`, {
        signalType: "document.uploaded",
        payload: { file: "contract.pdf" },
      }),
      200,
    );

    const approval = await until("the approval request", async () => {
      const pending = await expectData<ApprovalBody[]>(
        await call("GET", "/v1/approval-requests?pending=true"),
        200,
      );
      return pending.find((candidate) => candidate.workflowRunId === run.id);
    });
    expect(approval).toMatchObject({ stepName: "review", prompt: "Send this greeting?" });
    expect(approval.content).toMatchObject({ text: "Hello Ada, welcome aboard." });
    await expectData(
      await call("POST", `/v1/approval-requests/${approval.id}/decide`, {
        decision: "approved",
        decidedBy: "reviewer@example.com",
      }),
      200,
    );

    const completed = await until("the run to complete", async () => {
      const current = await getRun(send, apiKey, run.id);
      return ["COMPLETED", "FAILED", "CANCELLED"].includes(current.status) ? current : undefined;
    });
    expect(completed.status).toBe("COMPLETED");
    expect(completed.output).toMatchObject({
      input: { name: "Ada" },
      draft: { text: "Hello Ada, welcome aboard." },
      upload: { file: "contract.pdf" },
    });

    // The events, in order; the wait lasted at least its second.
    const events = await allEvents(send, apiKey, run.id);
    expect(events.map((event) => event.eventType)).toEqual([
      "WORKFLOW_STARTED",
      "STEP_STARTED",
      "LLM_CALL_STARTED",
      "LLM_CALL_COMPLETED",
      "STEP_COMPLETED",
      "STEP_STARTED",
      "STEP_COMPLETED",
      "STEP_STARTED",
      "SIGNAL_RECEIVED",
      "STEP_COMPLETED",
      "STEP_STARTED",
      "APPROVAL_REQUESTED",
      "APPROVAL_DECIDED",
      "STEP_COMPLETED",
      "WORKFLOW_COMPLETED",
    ]);
    const stepRun = (name: string) => completed.steps.find((step) => step.stepName === name);
    expect(stepRun("draft")?.output).toMatchObject({
      model: "gpt-4o-mini",
      provider: "openai",
      inputTokens: 1000,
      outputTokens: 100,
      costUsd: CALL_COST,
    });
    const pause = stepRun("pause");
    expect(Date.parse(pause?.completedAt ?? "") - Date.parse(pause?.startedAt ?? "")).toBeGreaterThanOrEqual(
      1000,
    );

    // One call to the fake provider, with the workspace's key; its cost recorded on the run.
    expect(fake.requests).toHaveLength(1);
    expect(header(fake.requests[0], "authorization")).toBe(`Bearer ${WORKSPACE_KEY}`);
    const cost = await expectData<{ totalCostUsd: number; calls: unknown[] }>(
      await call("GET", `/v1/workflow-runs/${run.id}/cost`),
      200,
    );
    expect(cost).toMatchObject({ totalCostUsd: CALL_COST, totalInputTokens: 1000, totalOutputTokens: 100 });
    expect(cost.calls).toHaveLength(1);

    // Three webhook deliveries through the run-event queue and worker, each signed with the webhook's secret.
    const received = await until("three webhook deliveries", async () =>
      receiver.requests.length >= 3 ? receiver.requests : undefined,
    );
    const bodies = received.map((request) => eventBody(request));
    expect(bodies.map((body) => body.event).sort()).toEqual(
      ["approval.decided", "approval.requested", "workflow.completed"].sort(),
    );
    for (const request of received) {
      const signature = String(request.headers["x-webhook-signature"]);
      expect(verifyWebhookSignature(webhook.secret, request.rawBody, signature)).toBe(true);
      expect(request.headers["x-webhook-id"]).toBe(webhook.id);
      expect(eventBody(request)).toMatchObject({ workflowRunId: run.id, workspaceId });
    }
    expect(bodies.find((body) => body.event === "approval.decided")?.data).toMatchObject({
      approvalRequestId: approval.id,
      decision: "approved",
    });

    // Nothing left behind: the queues drain, no message was dead-lettered, both schedules were deleted, and
    // the sweeper (with its production grace) finds nothing overdue.
    await service.poller.settled();
    expect(await service.deadLetters()).toBe(0);
    expect(await service.pendingSchedules()).toEqual([]);
    expect(await service.sweep()).toEqual({ rung: 0, runEvents: 0 });
    expect(service.poller.invocations.filter((invocation) => invocation.failed > 0)).toEqual([]);
    expect(new Set(service.poller.invocations.map((invocation) => invocation.queue))).toEqual(
      new Set(["steps", "run-events"]),
    );

    if (service.local) {
      // What only the stand-ins can show: the calls the adapters made.
      const { local } = service;
      expect(local.scheduleLog.map((entry) => entry.action)).toEqual([
        "create",
        "delete",
        "create",
        "delete",
      ]);
      const stepSends = local.queueAt(service.config.STEP_QUEUE_URL ?? "").sends;
      expect(stepSends.filter((sent) => sent.delaySeconds > 0).map((sent) => sent.delaySeconds)).toEqual([1]);
      expect(local.kmsCalls.GenerateDataKey).toBeGreaterThanOrEqual(2); // the provider key, the webhook secret
      expect(local.kmsCalls.Decrypt).toBeGreaterThanOrEqual(2); // by the step worker and the run-event worker
    }
  });
});
