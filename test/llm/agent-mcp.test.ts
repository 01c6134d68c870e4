import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type McpCallSeen, startMcpToolServer } from "../fakes/mcp-tool-server";
import { type OpenAiFake, startOpenAiFake } from "../fakes/openai-server";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { RunWithSteps } from "../helpers/api-types";
import { answer, type ReceivedRequest, startTestServer } from "../helpers/engine";
import { startLoopbackServer } from "../helpers/loopback-server";
import { expectData, expectError } from "../helpers/requests";
import { allEvents } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * MCP servers as tools (docs/agents.md, "MCP servers"): a workspace registers a remote MCP server, agent and
 * llm steps name it, its tools are listed and called over the official SDK's Streamable HTTP client through
 * the URL guard, and what a server does wrong (it hangs, it answers 50 MB) is bounded like any outbound call.
 */
const AUTH = "Bearer mcp-secret-value-0000";

let t: TestApp;
let fake: OpenAiFake;
let account: SignedUp;
let mcp: { url: string; calls: McpCallSeen[] };
let tool: { url: string; requests: ReceivedRequest[] };

beforeAll(async () => {
  fake = await startOpenAiFake();
  t = await createTestApp(
    { OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: "sk-server-level-key-0000000000" },
    { realTime: true },
  );
  account = await signUp(t);
  mcp = await startMcpToolServer();
  tool = await startTestServer((_request, _n, res) => answer(res, 200, { plan: "pro" }));
  await expectData(
    await call("POST", "/v1/remote-tools", { name: "lookup_customer", url: `${tool.url}/t` }),
    201,
  );
});
afterAll(() => fake.close());

const call = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { body, headers: withKey(account.apiKey) });

const register = (body: Record<string, unknown>) => call("POST", "/v1/mcp-servers", body);

const agentStep = (tools: unknown[], fields: Record<string, unknown> = {}) => ({
  type: "agent",
  name: "helper",
  model: "gpt-4o-mini",
  messages: [{ role: "user", content: "What is the weather in Lyon, and which plan is c-1 on?" }],
  tools,
  ...fields,
});

async function define(steps: unknown[]): Promise<Response> {
  return call("POST", "/v1/workflow-definitions", { name: "mcp-agent", version: "1", steps });
}

async function runOf(steps: unknown[]): Promise<RunWithSteps> {
  const definition = await expectData<{ id: string }>(await define(steps), 201);
  const run = await expectData<{ id: string }>(
    await call("POST", "/v1/workflow-runs", { definitionId: definition.id, input: {} }),
    201,
  );
  const deadline = Date.now() + 20_000;
  for (;;) {
    const read = await expectData<RunWithSteps>(await call("GET", `/v1/workflow-runs/${run.id}`), 200);
    if (!["PENDING", "RUNNING"].includes(read.status)) return read;
    if (Date.now() > deadline) throw new Error(`run ${run.id} is still ${read.status}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("MCP servers", () => {
  it("registers a server whose header value is never shown again, and refuses what cannot work", async () => {
    const created = await expectData<Record<string, unknown>>(
      await register({ name: "weather", url: mcp.url, authHeader: { name: "Authorization", value: AUTH } }),
      201,
    );
    expect(created).toMatchObject({ name: "weather", authHeaderName: "Authorization", allowedTools: null });
    const listed = await call("GET", "/v1/mcp-servers");
    expect(await listed.clone().text()).not.toContain(AUTH);
    expect(await expectData<{ name: string }[]>(listed, 200)).toEqual([
      expect.objectContaining({ name: "weather" }),
    ]);

    await expectError(await register({ name: "weather", url: mcp.url }), 409, "CONFLICT");
    await expectError(await register({ name: "bad", url: "ftp://example.com/mcp" }), 400, "VALIDATION_ERROR");
    await expectError(
      await register({ name: "few", url: mcp.url, allowedTools: ["not a name"] }),
      400,
      "VALIDATION_ERROR",
    );
  });

  it("refuses, before storing it, a definition naming a server the workspace lacks or a tool it does not allow", async () => {
    await expectData(
      await register({ name: "forecasts_only", url: mcp.url, allowedTools: ["forecast"] }),
      201,
    );
    const unknown = await expectError(
      await define([agentStep([{ mcpServer: "nowhere" }])]),
      400,
      "VALIDATION_ERROR",
    );
    expect(unknown.message).toContain('no MCP server "nowhere"');
    const refused = await expectError(
      await define([agentStep([{ mcpServer: "forecasts_only", tools: ["hang"] }])]),
      400,
      "VALIDATION_ERROR",
    );
    expect(refused.message).toContain("does not allow hang");
  });

  it("calls a server's tool and a remote tool in parallel in one turn, with the turn's call id", async () => {
    fake.reset();
    mcp.calls.length = 0;
    const hook = await startTestServer((_request, _n, res) => answer(res, 200));
    await expectData(
      await call("POST", "/v1/webhooks", { url: `${hook.url}/hook`, events: ["tool_call.executed"] }),
      201,
    );
    fake.reply(
      {
        toolCalls: [
          { id: "call_w", name: "forecast", arguments: { city: "Lyon" } },
          { id: "call_p", name: "lookup_customer", arguments: { customerId: "c-1" } },
        ],
      },
      { text: "Sunny in Lyon; c-1 is on pro." },
    );
    const run = await runOf([
      agentStep([{ mcpServer: "weather", tools: ["forecast"] }, { remoteTool: "lookup_customer" }]),
    ]);
    expect(run.status).toBe("COMPLETED");
    expect(run.output?.helper).toEqual({ text: "Sunny in Lyon; c-1 is on pro." });

    const forecast = mcp.calls.filter((seen) => seen.tool === "forecast");
    expect(forecast).toHaveLength(1);
    expect(forecast[0]).toMatchObject({ arguments: { city: "Lyon" }, authorization: AUTH });
    const stepRunId = run.steps[0]?.id;
    expect(forecast[0]?.meta?.["weft/callId"]).toBe(`${stepRunId}:1:1`);

    // The model was shown only the tools named, and read both results in its second turn.
    const first = fake.requests[0]?.body as { tools: { function: { name: string } }[] };
    expect(first.tools.map((spec) => spec.function.name)).toEqual(["forecast", "lookup_customer"]);
    const second = fake.requests[1]?.body as { messages: { role: string; content: string }[] };
    const results = second.messages.filter((message) => message.role === "tool").map((m) => m.content);
    expect(results).toEqual([
      expect.stringContaining('"sky":"sunny"'),
      expect.stringContaining('"plan":"pro"'),
    ]);

    const events = await allEvents(t.request, account.apiKey, run.id);
    const turn = events.find((event) => event.eventType === "AGENT_TURN_COMPLETED");
    expect(JSON.stringify(turn)).toContain("forecast");
    expect(JSON.stringify(events)).not.toContain(AUTH);

    // A webhook delivery for each of the turn's two calls.
    const deadline = Date.now() + 10_000;
    while (hook.requests.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const delivered = hook.requests.map(
      (request) => JSON.parse(request.body) as { event: string; data: { tool: string; ok: boolean } },
    );
    expect(delivered.map((body) => [body.event, body.data.tool, body.data.ok]).sort()).toEqual([
      ["tool_call.executed", "forecast", true],
      ["tool_call.executed", "lookup_customer", true],
    ]);
  }, 30_000);

  it("gives the model a tool's reported error and a hanging tool's timeout as results it reads", async () => {
    await expectData(await register({ name: "slow", url: mcp.url, timeoutMs: 300 }), 201);
    fake.reset();
    fake.reply(
      {
        toolCalls: [
          { id: "call_h", name: "hang", arguments: {} },
          { id: "call_f", name: "fail", arguments: {} },
        ],
      },
      { text: "Both failed." },
    );
    const run = await runOf([agentStep([{ mcpServer: "slow", tools: ["hang", "fail"] }])]);
    expect(run.status).toBe("COMPLETED");
    const second = fake.requests[1]?.body as { messages: { role: string; content: string }[] };
    const results = second.messages.filter((message) => message.role === "tool").map((m) => m.content);
    expect(results[0]).toContain('MCP server \\"slow\\" failed');
    expect(results[1]).toContain("reported an error");
    expect(results[1]).toContain("the forecast service is down");
  }, 30_000);

  it("fails the step with a named code when a server answers its tool list with 50 MB", async () => {
    const huge = await startLoopbackServer((_request, _body, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      const chunk = "x".repeat(1024 * 1024);
      for (let i = 0; i < 50; i++) response.write(chunk);
      response.end();
    });
    await expectData(await register({ name: "huge", url: `${huge}/mcp` }), 201);
    fake.reset();
    const run = await runOf([agentStep([{ mcpServer: "huge" }], { retry: { maxAttempts: 1 } })]);
    expect(run.status).toBe("FAILED");
    expect(run.steps[0]).toMatchObject({
      status: "FAILED",
      error: expect.stringContaining('MCP server "huge" failed'),
    });
    const failed = (await allEvents(t.request, account.apiKey, run.id)).find(
      (event) => event.eventType === "STEP_FAILED",
    );
    expect(failed?.payload).toMatchObject({ code: "TOOL_FAILED" });
    expect(fake.requests).toHaveLength(0);
  }, 30_000);
});
