import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyToolSignature } from "../../core/remote-tools/signature";
import { header, type RecordedRequest } from "../fakes/fake-server";
import { type OpenAiFake, startOpenAiFake } from "../fakes/openai-server";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { ApprovalBody, RunWithSteps } from "../helpers/api-types";
import { answer, eventTypes, type ReceivedRequest, startTestServer } from "../helpers/engine";
import { expectData } from "../helpers/requests";
import { allEvents } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

const SERVER_KEY = "sk-server-level-key-0000000000";
const WORKSPACE_KEY = "sk-workspace-own-key-1111111111";
const USAGE = { input: 1000, output: 100 };
// gpt-4o-mini: $0.15 / M input, $0.60 / M output → 0.00015 + 0.00006 per call.
const CALL_COST = 0.00021;

let t: TestApp;
let fake: OpenAiFake;
let account: SignedUp;
let toolSecret = "";
let tool: { url: string; requests: ReceivedRequest[] };
const verdicts: boolean[] = [];

beforeAll(async () => {
  fake = await startOpenAiFake();
  t = await createTestApp(
    { OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: SERVER_KEY, RATE_LIMIT_PER_MINUTE: "1000000" },
    { realTime: true },
  );
  account = await signUp(t);
  // The customer's tool: it checks the signature and the timestamp before answering.
  tool = await startTestServer((request, _n, res) => {
    const verified = verifyToolSignature({
      secret: toolSecret,
      timestamp: request.headers["x-tool-timestamp"] as string | undefined,
      signature: request.headers["x-tool-signature"] as string | undefined,
      rawBody: request.body,
      nowSec: Date.now() / 1000,
    });
    verdicts.push(verified);
    if (!verified) return answer(res, 401, { error: "bad signature" });
    const { arguments: args } = JSON.parse(request.body) as { arguments: { customerId: string } };
    answer(res, 200, { customerId: args.customerId, name: "Ann", plan: "pro" });
  });
});
afterAll(() => fake.close());

const call = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { body, headers: withKey(account.apiKey) });

async function waitFor(runId: string, statuses: string[]): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const run = await t.deps.store.runs.get(account.workspaceId, runId);
    if (run && statuses.includes(run.status)) return;
    if (Date.now() > deadline) throw new Error(`run ${runId} is ${run?.status}, not ${statuses.join("/")}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function startRun(steps: unknown[], input: Record<string, unknown>): Promise<string> {
  const definition = await expectData<{ id: string }>(
    await call("POST", "/v1/workflow-definitions", { name: "support-reply", version: "1", steps }),
    201,
  );
  const run = await expectData<{ id: string }>(
    await call("POST", "/v1/workflow-runs", { definitionId: definition.id, input }),
    201,
  );
  return run.id;
}

const events = (runId: string) => allEvents(t.request, account.apiKey, runId);
const bodyOf = (request: RecordedRequest | undefined) =>
  request?.body as { model: string; messages: { role: string; content: string | null }[]; tools?: unknown[] };

const draftStep = {
  type: "llm",
  name: "draft",
  model: "gpt-4o-mini",
  systemPrompt: "You answer support tickets for {{input.company}}.",
  messages: [{ role: "user", content: "Customer {{input.customerId}} asks: {{input.question}}" }],
  tools: [
    {
      remoteTool: "lookup_customer",
      name: "lookup_customer",
      description: "Looks a customer up by id",
      parameters: {
        type: "object",
        properties: { customerId: { type: "string" } },
        required: ["customerId"],
      },
    },
  ],
  guardrails: [{ type: "blocklist", words: ["guarantee"] }],
  retry: { maxAttempts: 2, backoffMs: 0 },
};

describe("an LLM workflow with a tool, a guardrail and an approval, on the local service", () => {
  it("runs end to end with the workspace's key, signed tool calls and recorded cost", async () => {
    const startedAt = new Date(Date.now() - 1000).toISOString();
    await expectData(
      await call("PUT", "/v1/llm-providers", { provider: "openai", apiKey: WORKSPACE_KEY }),
      201,
    );
    const registered = await expectData<{ secret: string }>(
      await call("POST", "/v1/remote-tools", { name: "lookup_customer", url: `${tool.url}/tools/lookup` }),
      201,
    );
    toolSecret = registered.secret;
    fake.reply(
      // Attempt 1: a tool round, then an answer the guardrail refuses.
      {
        toolCalls: [{ id: "call_1", name: "lookup_customer", arguments: { customerId: "c-42" } }],
        usage: USAGE,
      },
      { text: "Ann, we guarantee a refund.", usage: USAGE },
      // Attempt 2 (the retry policy's): an acceptable answer.
      { text: "Hi Ann, your pro plan includes priority shipping.", usage: USAGE },
    );
    const steps = [
      draftStep,
      { type: "approval", name: "review", contentKey: "draft", prompt: "Send this reply?" },
    ];
    const runId = await startRun(steps, {
      company: "Acme",
      customerId: "c-42",
      question: "When does it ship?",
    });

    await waitFor(runId, ["PAUSED"]);
    const [approval] = await expectData<ApprovalBody[]>(
      await call("GET", "/v1/approval-requests?pending=true"),
      200,
    );
    expect(approval?.content).toEqual({ text: "Hi Ann, your pro plan includes priority shipping." });
    await expectData(
      await call("POST", `/v1/approval-requests/${approval?.id}/decide`, { decision: "approved" }),
      200,
    );
    await waitFor(runId, ["COMPLETED"]);

    // The workspace's key, never the server's; the prompt rendered; tools offered; the tool result handed back.
    expect(fake.requests.map((request) => header(request, "authorization"))).toEqual(
      Array(3).fill(`Bearer ${WORKSPACE_KEY}`),
    );
    const first = bodyOf(fake.requests[0]);
    expect(first.messages).toEqual([
      { role: "system", content: "You answer support tickets for Acme." },
      { role: "user", content: "Customer c-42 asks: When does it ship?" },
    ]);
    expect(first.tools).toHaveLength(1);
    expect(bodyOf(fake.requests[1]).messages.at(-1)).toMatchObject({
      role: "tool",
      content: JSON.stringify({ customerId: "c-42", name: "Ann", plan: "pro" }),
    });

    // One signed call to the tool, which verified it.
    expect(verdicts).toEqual([true]);
    expect(JSON.parse(tool.requests[0]?.body ?? "")).toMatchObject({
      tool: "lookup_customer",
      arguments: { customerId: "c-42" },
      workflowRunId: runId,
      stepName: "draft",
      callId: expect.any(String),
    });

    const recorded = await events(runId);
    const types = eventTypes(recorded);
    expect(types).toEqual([
      "WORKFLOW_STARTED",
      "STEP_STARTED",
      "LLM_CALL_STARTED",
      "LLM_CALL_COMPLETED",
      "TOOL_CALL_EXECUTED",
      "LLM_CALL_STARTED",
      "LLM_CALL_COMPLETED",
      "GUARDRAIL_TRIGGERED",
      "STEP_FAILED",
      "STEP_RETRYING",
      "STEP_STARTED",
      "LLM_CALL_STARTED",
      "LLM_CALL_COMPLETED",
      "STEP_COMPLETED",
      "STEP_STARTED",
      "APPROVAL_REQUESTED",
      "APPROVAL_DECIDED",
      "STEP_COMPLETED",
      "WORKFLOW_COMPLETED",
    ]);
    const payload = (type: string) => recorded.find((event) => event.eventType === type)?.payload;
    expect(payload("GUARDRAIL_TRIGGERED")).toEqual({
      stepName: "draft",
      model: "gpt-4o-mini",
      guardrail: "blocklist",
      reason: "The answer contains blocked words: guarantee",
    });
    expect(payload("TOOL_CALL_EXECUTED")).toEqual({
      stepName: "draft",
      tool: "lookup_customer",
      durationMs: expect.any(Number),
      ok: true,
    });
    expect(payload("LLM_CALL_COMPLETED")).toMatchObject({
      stepName: "draft",
      model: "gpt-4o-mini",
      inputTokens: 1000,
      outputTokens: 100,
      costUsd: CALL_COST,
    });
    const everything = JSON.stringify(recorded);
    for (const secret of [WORKSPACE_KEY, SERVER_KEY, toolSecret]) expect(everything).not.toContain(secret);

    const run = await expectData<RunWithSteps>(await call("GET", `/v1/workflow-runs/${runId}`), 200);
    expect(run.output).toMatchObject({
      draft: { text: "Hi Ann, your pro plan includes priority shipping." },
    });
    expect(run.steps.find((step) => step.stepName === "draft")).toMatchObject({
      status: "COMPLETED",
      attempt: 2,
      output: {
        text: "Hi Ann, your pro plan includes priority shipping.",
        model: "gpt-4o-mini",
        provider: "openai",
        inputTokens: 1000,
        outputTokens: 100,
        costUsd: CALL_COST,
        toolCalls: [],
      },
    });

    // Every call is paid for, the refused attempt's too.
    const cost = await expectData<{ totalCostUsd: number; calls: unknown[] }>(
      await call("GET", `/v1/workflow-runs/${runId}/cost`),
      200,
    );
    expect(cost).toMatchObject({
      totalCostUsd: 3 * CALL_COST,
      totalInputTokens: 3000,
      totalOutputTokens: 300,
    });
    expect(cost.calls).toHaveLength(3);
    const now = new Date(Date.now() + 1000).toISOString();
    const summary = await expectData(await call("GET", `/v1/cost/summary?from=${startedAt}&to=${now}`), 200);
    expect(summary).toMatchObject({
      totalCostUsd: 3 * CALL_COST,
      totalRuns: 1,
      byModel: [
        { model: "gpt-4o-mini", costUsd: 3 * CALL_COST, inputTokens: 3000, outputTokens: 300, calls: 3 },
      ],
    });
    expect(await expectData(await call("GET", "/v1/cost/summary?to=2000-01-01"), 200)).toMatchObject({
      totalCostUsd: 0,
      totalRuns: 0,
    });
  });

  it("falls back to the server's key once the workspace's key is deleted", async () => {
    await expectData(await call("DELETE", "/v1/llm-providers/openai"), 200);
    fake.reply({ text: "Shipped.", usage: USAGE });
    const before = fake.requests.length;
    const runId = await startRun(
      [{ type: "llm", name: "short", model: "gpt-4o-mini", messages: [{ role: "user", content: "Hi" }] }],
      {},
    );
    await waitFor(runId, ["COMPLETED"]);
    expect(fake.requests.slice(before).map((request) => header(request, "authorization"))).toEqual([
      `Bearer ${SERVER_KEY}`,
    ]);
  });

  it("fails a model without a known prefix as a provider-resolution error, without retrying", async () => {
    const runId = await startRun(
      [
        {
          type: "llm",
          name: "odd",
          model: "llama-3-70b",
          messages: [{ role: "user", content: "Hi" }],
          retry: { maxAttempts: 3 },
        },
      ],
      {},
    );
    await waitFor(runId, ["FAILED"]);
    const failed = (await events(runId)).find((event) => event.eventType === "WORKFLOW_FAILED");
    expect(failed?.payload).toEqual({
      error: expect.stringMatching(/^Provider resolution failed/),
      stepName: "odd",
    });
  });
});
