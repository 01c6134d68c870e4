import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { ApprovalBody } from "../helpers/api-types";
import { answer, eventTypes, startTestServer } from "../helpers/engine";
import { expectData } from "../helpers/requests";
import { allEvents, createDefinition, getRun, startRun, waitForRun, withStatus } from "../helpers/runs";
import { readUntil } from "../helpers/sse";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * Trying an llm step with no provider key: DEV_MODELS on, no OPENAI_API_KEY and none stored, and a run with
 * a tool round and an approval of the answer goes through to the end, as in the README's walkthrough.
 */
let t: TestApp;
let account: SignedUp;

beforeAll(async () => {
  t = await createTestApp({ DEV_MODELS: "true", RATE_LIMIT_PER_MINUTE: "1000000" }, { realTime: true });
  account = await signUp(t);
});

describe("an llm step on the development model", () => {
  it("calls the step's tool, passes its answer to an approval, and completes once approved", async () => {
    const tool = await startTestServer((request, _n, res) => {
      const { arguments: args } = JSON.parse(request.body) as { arguments: { orderId: string } };
      answer(res, 200, { orderId: args.orderId, status: "shipped" });
    });
    const send = t.request;
    await expectData(
      await send("POST", "/v1/remote-tools", {
        body: { name: "order_status", url: `${tool.url}/tools/order` },
        headers: withKey(account.apiKey),
      }),
      201,
    );
    const definition = await createDefinition(send, account.apiKey, [
      {
        type: "llm",
        name: "draft",
        model: "gpt-4o-mini",
        messages: [{ role: "user", content: "Where is order {{input.orderId}}?" }],
        tools: [
          {
            remoteTool: "order_status",
            name: "order_status",
            description: "An order's shipping status",
            parameters: {
              type: "object",
              properties: { orderId: { type: "string", default: "A-17" } },
              required: ["orderId"],
            },
          },
        ],
      },
      { type: "approval", name: "review", contentKey: "draft", prompt: "Send this reply?" },
    ]);
    const run = await startRun(send, account.apiKey, {
      definitionId: definition.id,
      input: { orderId: "A-17" },
    });

    await waitForRun(send, account.apiKey, run.id, withStatus("PAUSED"));
    const [approval] = await expectData<ApprovalBody[]>(
      await send("GET", "/v1/approval-requests?pending=true", { headers: withKey(account.apiKey) }),
      200,
    );
    expect(approval?.content).toEqual({
      text: 'Echo: Where is order A-17?\norder_status returned {"orderId":"A-17","status":"shipped"}',
    });
    await expectData(
      await send("POST", `/v1/approval-requests/${approval?.id}/decide`, {
        body: { decision: "approved" },
        headers: withKey(account.apiKey),
      }),
      200,
    );
    await waitForRun(send, account.apiKey, run.id, withStatus("COMPLETED"));

    expect(tool.requests).toHaveLength(1);
    const events = await allEvents(send, account.apiKey, run.id);
    expect(eventTypes(events)).toEqual([
      "WORKFLOW_STARTED",
      "STEP_STARTED",
      "LLM_CALL_STARTED",
      "LLM_CALL_COMPLETED",
      "TOOL_CALL_EXECUTED",
      "LLM_CALL_STARTED",
      "LLM_CALL_COMPLETED",
      "STEP_COMPLETED",
      "STEP_STARTED",
      "APPROVAL_REQUESTED",
      "APPROVAL_DECIDED",
      "STEP_COMPLETED",
      "WORKFLOW_COMPLETED",
    ]);
  });

  it("with stream: true, forwards the answer's tokens on the run's live stream, without storing them", async () => {
    const send = t.request;
    const definition = await createDefinition(
      send,
      account.apiKey,
      [
        { type: "external_event", name: "go", signalType: "go" },
        {
          type: "llm",
          name: "reply",
          model: "claude-haiku-4-5",
          stream: true,
          messages: [{ role: "user", content: "Tell {{input.name}} the parcel left the warehouse today." }],
        },
      ],
      "streamed-reply",
    );
    const run = await startRun(send, account.apiKey, { definitionId: definition.id, input: { name: "Ada" } });
    await waitForRun(send, account.apiKey, run.id, withStatus("WAITING"));
    const stream = await send("GET", `/v1/workflow-runs/${run.id}/stream`, {
      headers: withKey(account.apiKey),
    });

    await expectData(
      await send("POST", `/v1/workflow-runs/${run.id}/resume`, {
        body: { signalType: "go", payload: {} },
        headers: withKey(account.apiKey),
      }),
      200,
    );
    const messages = await readUntil(stream);

    const data = messages
      .filter((message) => message.event === undefined)
      .map((message) => ({ id: message.id, ...JSON.parse(message.data) }));
    const tokens = data.filter((message) => message.eventType === "LLM_TOKEN");
    const text = "Echo: Tell Ada the parcel left the warehouse today.";
    expect(tokens.length).toBeGreaterThan(3);
    expect(tokens.map((token) => token.delta).join("")).toBe(text);
    expect(tokens[0]).toMatchObject({
      workflowRunId: run.id,
      stepName: "reply",
      model: "claude-haiku-4-5",
      id: undefined,
    });
    // While the step runs: after its start, before its outcome (whose call events are committed with it).
    const types = data.map((message) => `${message.eventType}:${message.payload?.stepName ?? ""}`);
    expect(types.indexOf("LLM_TOKEN:")).toBeGreaterThan(types.indexOf("STEP_STARTED:reply"));
    expect(types.lastIndexOf("LLM_TOKEN:")).toBeLessThan(types.indexOf("STEP_COMPLETED:reply"));
    const stored = await allEvents(send, account.apiKey, run.id);
    expect(stored.map((event) => event.eventType)).not.toContain("LLM_TOKEN");
    const finished = await getRun(send, account.apiKey, run.id);
    expect(finished.steps.find((step) => step.stepName === "reply")?.output).toMatchObject({ text });
  });
});
