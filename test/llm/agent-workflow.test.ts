import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../core/domain/limits";
import type { LlmMessage } from "../../core/domain/llm-call";
import { type OpenAiFake, startOpenAiFake } from "../fakes/openai-server";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { RunWithSteps } from "../helpers/api-types";
import { answer, eventTypes, type ReceivedRequest, startTestServer } from "../helpers/engine";
import { expectData, expectError } from "../helpers/requests";
import { allEvents } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * The agent step over the API (docs/agents.md): turn after turn, each turn and its tool calls committed on
 * their own, the tools run in parallel with call ids derived from the turn, the conversation kept in the blob
 * store, and maxTurns bounding it.
 */
const USAGE = { input: 1000, output: 100 };
// gpt-4o-mini: $0.15 / M input, $0.60 / M output → 0.00015 + 0.00006 per call.
const CALL_COST = 0.00021;

let t: TestApp;
let fake: OpenAiFake;
let account: SignedUp;
let tool: { url: string; requests: ReceivedRequest[] };

beforeAll(async () => {
  fake = await startOpenAiFake();
  t = await createTestApp(
    { OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: "sk-server-level-key-0000000000" },
    { realTime: true },
  );
  account = await signUp(t);
  tool = await startTestServer((request, _n, res) => {
    const { arguments: args } = JSON.parse(request.body) as { arguments: { customerId: string } };
    answer(res, 200, { customerId: args.customerId, plan: args.customerId === "c-42" ? "pro" : "free" });
  });
  await expectData(
    await call("POST", "/v1/remote-tools", { name: "lookup_customer", url: `${tool.url}/tools/lookup` }),
    201,
  );
});
afterAll(() => fake.close());

const call = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { body, headers: withKey(account.apiKey) });

const agentStep = (fields: Record<string, unknown> = {}) => ({
  type: "agent",
  name: "support",
  model: "gpt-4o-mini",
  systemPrompt: "You look customers up before you answer.",
  messages: [{ role: "user", content: "Which plans do {{input.customers}} have?" }],
  tools: [{ remoteTool: "lookup_customer" }],
  ...fields,
});

async function runOf(steps: unknown[], input: Record<string, unknown>): Promise<RunWithSteps> {
  const definition = await expectData<{ id: string }>(
    await call("POST", "/v1/workflow-definitions", { name: "agent", version: "1", steps }),
    201,
  );
  const run = await expectData<{ id: string }>(
    await call("POST", "/v1/workflow-runs", { definitionId: definition.id, input }),
    201,
  );
  const deadline = Date.now() + 15_000;
  for (;;) {
    const read = await expectData<RunWithSteps>(await call("GET", `/v1/workflow-runs/${run.id}`), 200);
    if (!["PENDING", "RUNNING"].includes(read.status)) return read;
    if (Date.now() > deadline) throw new Error(`run ${run.id} is still ${read.status}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The registered tool under a name of its own, which a stopWhen can name: "hand in the answer". */
const SUBMIT_TOOL = {
  remoteTool: "lookup_customer",
  name: "submit_answer",
  description: "Hands in the answer",
  parameters: { type: "object", properties: { customerId: { type: "string" } } },
};

const lookup = (id: string, customerId: string) => ({
  id,
  name: "lookup_customer",
  arguments: { customerId },
});

describe("an agent step", () => {
  it("takes turns until it answers without a tool, each turn and its tools committed apart", async () => {
    fake.reset();
    tool.requests.length = 0;
    let commits = 0;
    const commit = t.deps.store.runs.commit;
    t.deps.store.runs.commit = (change) => {
      if (change.commit.run.active?.stepRun.stepType === "agent") commits += 1;
      return commit(change);
    };
    fake.reply(
      { toolCalls: [lookup("call_a", "c-42"), lookup("call_b", "c-7")], usage: USAGE },
      { toolCalls: [lookup("call_c", "c-9")], usage: USAGE },
      { text: "c-42 is on pro; c-7 and c-9 are on free.", usage: USAGE },
    );

    const run = await runOf([agentStep()], { customers: "c-42, c-7 and c-9" });
    t.deps.store.runs.commit = commit;

    expect(run.status).toBe("COMPLETED");
    expect(run.output?.support).toEqual({ text: "c-42 is on pro; c-7 and c-9 are on free." });
    const step = run.steps[0];
    expect(step?.output).toMatchObject({
      text: "c-42 is on pro; c-7 and c-9 are on free.",
      turns: 3,
      inputTokens: 3000,
      outputTokens: 300,
      costUsd: 3 * CALL_COST,
    });
    // The start, then a commit per unit: turn 1, its two tools, turn 2, its tool; turn 3 ends the step.
    expect(commits).toBeGreaterThanOrEqual(5);

    // Each turn sees the tools' results of the turns before it.
    const sent = fake.requests.map((request) => request.body as { messages: { role: string }[] });
    expect(sent.map((body) => body.messages.filter((message) => message.role === "tool").length)).toEqual([
      0, 2, 3,
    ]);
    // Tool call ids are the step run's, the turn's (from 1) and the call's: a repeat after a crash sends the same.
    const callIds = tool.requests.map((request) => (JSON.parse(request.body) as { callId: string }).callId);
    expect(callIds.sort()).toEqual([`${step?.id}:1:1`, `${step?.id}:1:2`, `${step?.id}:2:1`]);

    const transcript = await expectData<{ turns: number; messages: LlmMessage[] }>(
      await call("GET", `/v1/workflow-runs/${run.id}/steps/${step?.id}/transcript`),
      200,
    );
    expect(transcript.turns).toBe(3);
    expect(transcript.messages.map((message) => message.role)).toEqual([
      "assistant",
      "tool",
      "tool",
      "assistant",
      "tool",
      "assistant",
    ]);
    const types = eventTypes(await allEvents(t.request, account.apiKey, run.id));
    expect(types.filter((type) => type === "LLM_CALL_COMPLETED")).toHaveLength(3);
    expect(types.filter((type) => type === "TOOL_CALL_EXECUTED")).toHaveLength(3);
    expect(types.filter((type) => type === "STEP_STARTED")).toHaveLength(1);
    const turns = (await allEvents(t.request, account.apiKey, run.id)).filter(
      (event) => event.eventType === "AGENT_TURN_COMPLETED",
    );
    expect(turns.map((event) => event.payload)).toEqual([
      expect.objectContaining({
        turn: 1,
        toolCalls: ["lookup_customer", "lookup_customer"],
        inputTokens: 1000,
      }),
      expect.objectContaining({ turn: 2, toolCalls: ["lookup_customer"], costUsd: CALL_COST }),
      expect.objectContaining({ turn: 3, toolCalls: [], outputTokens: 100 }),
    ]);

    // Every turn's answer was used: the run's cost has the three calls and none of it wasted.
    const cost = await expectData<{ totalCostUsd: number; wastedCostUsd: number }>(
      await call("GET", `/v1/workflow-runs/${run.id}/cost?breakdown=true`),
      200,
    );
    expect(cost.totalCostUsd).toBeCloseTo(3 * CALL_COST, 12);
    expect(cost.wastedCostUsd).toBe(0);
  });

  it("reads a rerun's copy of a completed agent from the run it was copied from", async () => {
    fake.reset();
    fake.reply({ text: "All on free.", usage: USAGE });
    const first = await runOf([agentStep(), { type: "task", name: "after", handler: "noop" }], {
      customers: "c-1",
    });
    const rerun = await expectData<{ id: string }>(
      await call("POST", `/v1/workflow-runs/${first.id}/rerun`, { fromStep: "after" }),
      201,
    );
    let copied: RunWithSteps["steps"][number] | undefined;
    for (let tries = 0; tries < 500 && !copied; tries++) {
      const read = await expectData<RunWithSteps>(await call("GET", `/v1/workflow-runs/${rerun.id}`), 200);
      copied =
        read.status === "COMPLETED" ? read.steps.find((step) => step.stepName === "support") : undefined;
      if (!copied) await new Promise((resolve) => setTimeout(resolve, 20));
    }

    expect(copied?.copiedFrom).toBe(first.steps[0]?.id);
    const read = await expectData<{ turns: number; messages: LlmMessage[] }>(
      await call("GET", `/v1/workflow-runs/${rerun.id}/steps/${copied?.id}/transcript`),
      200,
    );
    expect(read).toEqual({
      stepRunId: copied?.id,
      turns: 1,
      messages: [{ role: "assistant", content: "All on free." }],
    });
  });

  it("finds no transcript for a step run that is not an agent's, nor for another run's", async () => {
    fake.reset();
    fake.reply({ text: "Nothing to look up.", usage: USAGE });
    const run = await runOf([{ type: "task", name: "first", handler: "noop" }, agentStep()], {
      customers: "none",
    });
    const [task, agent] = run.steps;

    await expectError(
      await call("GET", `/v1/workflow-runs/${run.id}/steps/${task?.id}/transcript`),
      404,
      "NOT_FOUND",
    );
    await expectError(
      await call("GET", `/v1/workflow-runs/run_unknown/steps/${agent?.id}/transcript`),
      404,
      "NOT_FOUND",
    );
    const read = await expectData<{ turns: number; messages: LlmMessage[] }>(
      await call("GET", `/v1/workflow-runs/${run.id}/steps/${agent?.id}/transcript`),
      200,
    );
    expect(read).toEqual({
      stepRunId: agent?.id,
      turns: 1,
      messages: [{ role: "assistant", content: "Nothing to look up." }],
    });
  });

  it("sends a final answer that breaks outputSchema back as a turn of its own, and completes with the JSON", async () => {
    fake.reset();
    fake.reply(
      { toolCalls: [lookup("call_a", "c-42")], usage: USAGE },
      { text: "c-42 is on pro", usage: USAGE },
      { text: '{"plan": "pro"}', usage: USAGE },
    );
    const schema = { type: "object", required: ["plan"], properties: { plan: { type: "string" } } };

    const run = await runOf([agentStep({ responseFormat: "json", outputSchema: schema })], {
      customers: "c-42",
    });

    expect(run.status).toBe("COMPLETED");
    expect(run.output?.support).toEqual({ plan: "pro" });
    expect(run.steps[0]?.output).toMatchObject({ json: { plan: "pro" }, turns: 3 });
    const transcript = await expectData<{ messages: LlmMessage[] }>(
      await call("GET", `/v1/workflow-runs/${run.id}/steps/${run.steps[0]?.id}/transcript`),
      200,
    );
    expect(transcript.messages.map((message) => message.role)).toEqual([
      "assistant",
      "tool",
      "assistant",
      "user",
      "assistant",
    ]);
    expect(transcript.messages[3]?.content).toMatch(/^Your answer was rejected: .*not valid JSON/);
    const types = eventTypes(await allEvents(t.request, account.apiKey, run.id));
    expect(types.filter((type) => type === "LLM_OUTPUT_REPAIR_REQUESTED")).toHaveLength(1);
  });

  it("ends when it calls the tool stopWhen names, with that call's arguments, once the call has run", async () => {
    fake.reset();
    tool.requests.length = 0;
    fake.reply(
      { toolCalls: [lookup("call_a", "c-42")], usage: USAGE },
      {
        toolCalls: [{ id: "call_b", name: "submit_answer", arguments: { customerId: "c-42" } }],
        usage: USAGE,
      },
    );

    const run = await runOf(
      [
        agentStep({
          tools: [{ remoteTool: "lookup_customer" }, SUBMIT_TOOL],
          stopWhen: { toolCalled: "submit_answer" },
        }),
      ],
      { customers: "c-42" },
    );

    expect(run.status).toBe("COMPLETED");
    expect(run.output?.support).toEqual({ customerId: "c-42" });
    expect(run.steps[0]?.output).toMatchObject({
      stoppedBy: { tool: "submit_answer", arguments: { customerId: "c-42" } },
      turns: 2,
      model: "gpt-4o-mini",
      provider: "openai",
    });
    // Both turns' calls ran; no third model turn was asked for.
    expect(tool.requests).toHaveLength(2);
    expect(fake.requests).toHaveLength(2);
  });

  it("sends toolChoice with every turn, and refuses one that names no tool of the step or has no way to end", async () => {
    fake.reset();
    fake.reply({
      toolCalls: [{ id: "call_a", name: "submit_answer", arguments: { customerId: "c-9" } }],
      usage: USAGE,
    });
    const forced = {
      tools: [SUBMIT_TOOL],
      toolChoice: { tool: "submit_answer" },
      stopWhen: { toolCalled: "submit_answer" },
    };

    const run = await runOf([agentStep(forced)], { customers: "c-9" });

    expect(run.status).toBe("COMPLETED");
    const sent = fake.requests[0]?.body as { tool_choice?: unknown } | undefined;
    expect(sent?.tool_choice).toEqual({
      type: "function",
      function: { name: "submit_answer" },
    });
    for (const fields of [
      { ...forced, toolChoice: { tool: "lookup_customer" } },
      { tools: [SUBMIT_TOOL], toolChoice: "required" },
    ]) {
      await expectError(
        await call("POST", "/v1/workflow-definitions", {
          name: "agent",
          version: "1",
          steps: [agentStep(fields)],
        }),
        400,
        "VALIDATION_ERROR",
      );
    }
  });

  it("ends when a call of the tool stopWhen.toolResult names answers with a matching result", async () => {
    fake.reset();
    tool.requests.length = 0;
    // c-7 is on free (no match), c-42 on pro: the second turn's call ends the step.
    fake.reply(
      { toolCalls: [lookup("call_a", "c-7")], usage: USAGE },
      { toolCalls: [lookup("call_b", "c-42")], usage: USAGE },
    );

    const stopWhen = { toolResult: { tool: "lookup_customer", matches: { plan: { in: ["pro", "team"] } } } };
    const run = await runOf([agentStep({ stopWhen })], { customers: "c-7 and c-42" });

    expect(run.status).toBe("COMPLETED");
    expect(run.output?.support).toEqual({ customerId: "c-42", plan: "pro" });
    expect(run.steps[0]?.output).toMatchObject({
      stoppedBy: {
        tool: "lookup_customer",
        arguments: { customerId: "c-42" },
        result: { customerId: "c-42", plan: "pro" },
      },
      turns: 2,
    });
    expect(tool.requests).toHaveLength(2);
    expect(fake.requests).toHaveLength(2);
    await expectError(
      await call("POST", "/v1/workflow-definitions", {
        name: "agent",
        version: "1",
        steps: [agentStep({ stopWhen: { toolResult: { tool: "nowhere", matches: { ok: true } } } })],
      }),
      400,
      "VALIDATION_ERROR",
    );
    await expectError(
      await call("POST", "/v1/workflow-definitions", {
        name: "agent",
        version: "1",
        steps: [agentStep({ stopWhen: {} })],
      }),
      400,
      "VALIDATION_ERROR",
    );
  });

  it("takes its system prompt as instructions, the name agents use, and refuses it beside systemPrompt", async () => {
    fake.reset();
    fake.reply({ text: "Done.", usage: USAGE });
    const { systemPrompt: _asInstructions, ...rest } = agentStep({ tools: undefined });
    const run = await runOf([{ ...rest, instructions: "Answer for {{input.customers}} only." }], {
      customers: "c-1",
    });

    expect(run.status).toBe("COMPLETED");
    const sent = fake.requests[0]?.body as { messages: { role: string; content: string }[] } | undefined;
    expect(sent?.messages[0]).toEqual({ role: "system", content: "Answer for c-1 only." });
    await expectError(
      await call("POST", "/v1/workflow-definitions", {
        name: "agent",
        version: "1",
        steps: [agentStep({ instructions: "Be brief." })],
      }),
      400,
      "VALIDATION_ERROR",
    );
  });

  it("refuses a stopWhen naming a tool the step does not have", async () => {
    await expectError(
      await call("POST", "/v1/workflow-definitions", {
        name: "agent",
        version: "1",
        steps: [agentStep({ stopWhen: { toolCalled: "submit_answer" } })],
      }),
      400,
      "VALIDATION_ERROR",
    );
  });

  it("fails the attempt, running none of them, when one answer asks for more tool calls than the bound", async () => {
    fake.reset();
    tool.requests.length = 0;
    const many = Array.from({ length: LIMITS.toolCallsPerAnswer + 1 }, (_, at) =>
      lookup(`call_${at}`, "c-1"),
    );
    fake.reply({ toolCalls: many, usage: USAGE });

    const run = await runOf([agentStep()], { customers: "c-1" });

    expect(run.status).toBe("FAILED");
    expect(run.steps[0]?.error).toMatch(/asked for 33 tool calls in one answer; at most 32 run/);
    expect(tool.requests).toHaveLength(0);
  });

  it("fails with AGENT_MAX_TURNS once it has taken maxTurns turns and still asks for tools", async () => {
    fake.reset();
    fake.reply(
      { toolCalls: [lookup("call_a", "c-1")], usage: USAGE },
      { toolCalls: [lookup("call_b", "c-2")], usage: USAGE },
      { text: "never asked for", usage: USAGE },
    );

    const run = await runOf([agentStep({ maxTurns: 2 })], { customers: "c-1" });

    expect(run.status).toBe("FAILED");
    expect(run.steps[0]?.error).toContain("maxTurns");
    expect(fake.requests).toHaveLength(2);
    const failed = (await allEvents(t.request, account.apiKey, run.id)).find(
      (event) => event.eventType === "WORKFLOW_FAILED",
    );
    expect(failed?.payload).toMatchObject({ code: "AGENT_MAX_TURNS" });
  });

  it("refuses a definition whose maxTurns is past the bound, naming the field, before anything is written", async () => {
    const refused = await call("POST", "/v1/workflow-definitions", {
      name: "agent-too-long",
      version: "1",
      steps: [agentStep({ maxTurns: 10_001 })],
    });
    const error = await expectError(refused, 400, "VALIDATION_ERROR");
    expect(JSON.stringify(error)).toContain("maxTurns");
    const list = await expectData<{ name: string }[]>(await call("GET", "/v1/workflow-definitions"), 200);
    expect(list.map((definition) => definition.name)).not.toContain("agent-too-long");
  });
});
