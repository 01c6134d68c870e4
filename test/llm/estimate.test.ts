import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenAiFake, startOpenAiFake } from "../fakes/openai-server";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { expectData } from "../helpers/requests";
import { createTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let openai: OpenAiFake;
let account: SignedUp;

beforeAll(async () => {
  openai = await startOpenAiFake();
  // Only OpenAI has a (server) key: Anthropic models are reported as missing one.
  t = await createTestApp({
    OPENAI_BASE_URL: openai.baseUrl,
    OPENAI_API_KEY: "sk-server-openai-000000000",
    RATE_LIMIT_PER_MINUTE: "1000000",
  });
  account = await signUp(t);
});
afterAll(() => openai.close());

const call = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { body, headers: withKey(account.apiKey) });

async function definition(steps: unknown[], budget?: unknown): Promise<string> {
  const created = await expectData<{ id: string }>(
    await call("POST", "/v1/workflow-definitions", {
      name: "estimated",
      version: "1",
      steps,
      ...(budget ? { budget } : {}),
    }),
    201,
  );
  return created.id;
}

interface Estimate {
  valid: boolean;
  problems: { stepName: string; field: string; message: string }[];
  steps: { stepName: string; costUsd: { min: number; max: number }; maxCalls: number }[];
  total: { costUsd: { min: number; max: number } };
  budget: { run: { verdict: string } | null; workspace: unknown };
}

describe("POST /v1/workflow-runs/estimate", () => {
  it("reports an unknown model prefix, a missing key and an unregistered tool, and creates no run", async () => {
    const definitionId = await definition([
      { type: "llm", name: "local", model: "llama-3-70b", messages: [{ role: "user", content: "Hi" }] },
      { type: "llm", name: "claude", model: "claude-haiku-4-5", messages: [{ role: "user", content: "Hi" }] },
      {
        type: "llm",
        name: "tooling",
        model: "gpt-4o-mini",
        messages: [{ role: "user", content: "Look {{input.id}} up" }],
        tools: [{ remoteTool: "lookup_customer" }],
      },
    ]);
    const estimate = await expectData<Estimate>(
      await call("POST", "/v1/workflow-runs/estimate", { definitionId, input: { id: "c-1" } }),
      200,
    );
    expect(estimate.valid).toBe(false);
    expect(estimate.problems).toEqual([
      { stepName: "local", field: "model", message: expect.stringMatching(/no known prefix/) },
      {
        stepName: "claude",
        field: "model",
        message: expect.stringMatching(/No API key is configured for anthropic/),
      },
      {
        stepName: "tooling",
        field: "tools",
        message: 'Remote tool "lookup_customer" is not registered in this workspace',
      },
    ]);
    const runs = await call("GET", `/v1/workflow-runs?definitionId=${definitionId}`);
    expect(((await runs.json()) as { meta: { total: number } }).meta.total).toBe(0);
    expect(openai.requests).toHaveLength(0);
  });

  it("estimates each llm step's cost as a range from the rendered prompt, with the budget's verdict", async () => {
    const ticket = "x".repeat(3000);
    const definitionId = await definition(
      [
        {
          type: "llm",
          name: "summary",
          model: "gpt-4o-mini",
          maxTokens: 500,
          messages: [{ role: "user", content: "{{input.ticket}}" }],
        },
      ],
      { maxCostUsd: 0.0003, onExceed: "stop" },
    );
    const estimate = await expectData<Estimate>(
      await call("POST", "/v1/workflow-runs/estimate", { definitionId, input: { ticket } }),
      200,
    );
    expect(estimate.valid).toBe(true);
    // 3004 bytes: 1002 tokens at 3 bytes a token, 752 at 4; answer 1 to 500 tokens at $0.15 / $0.60 per M.
    expect(estimate.steps).toEqual([
      expect.objectContaining({
        stepName: "summary",
        inputTokens: { min: 752, max: 1002 },
        outputTokens: { min: 1, max: 500 },
        costUsd: { min: 0.0001134, max: 0.0004503 },
        // One attempt (the default policy) × (5 tool rounds + the answer + 1 repair) × one model.
        maxCalls: 1 * (5 + 1 + 1),
      }),
    ]);
    expect(estimate.budget.run).toMatchObject({ maxCostUsd: 0.0003, verdict: "may-exceed" });
    // A run budget given with the request is the one weighed.
    const generous = await expectData<Estimate>(
      await call("POST", "/v1/workflow-runs/estimate", {
        definitionId,
        input: { ticket },
        budget: { maxCostUsd: 1, onExceed: "stop" },
      }),
      200,
    );
    expect(generous.budget.run).toMatchObject({ verdict: "within" });
  });

  it("estimates an agent from one turn to maxTurns turns, each priced like the first", async () => {
    const ticket = "x".repeat(3000);
    const definitionId = await definition([
      {
        type: "agent",
        name: "resolver",
        model: "gpt-4o-mini",
        maxTokens: 500,
        maxTurns: 20,
        messages: [{ role: "user", content: "{{input.ticket}}" }],
      },
    ]);
    const estimate = await expectData<Estimate>(
      await call("POST", "/v1/workflow-runs/estimate", {
        definitionId,
        input: { ticket },
        budget: { maxCostUsd: 0.001, onExceed: "stop" },
      }),
      200,
    );

    // One turn as the llm step's one call above; at worst 20 of them, on one attempt of one model.
    expect(estimate.steps).toEqual([
      expect.objectContaining({
        stepName: "resolver",
        inputTokens: { min: 752, max: 20 * 1002 },
        outputTokens: { min: 1, max: 20 * 500 },
        costUsd: { min: 0.0001134, max: 20 * 0.0004503 },
        maxCalls: 20,
      }),
    ]);
    expect(estimate.budget.run).toMatchObject({ verdict: "may-exceed" });
  });

  it("is a 404 for an unknown definition and a 400 for a bad body", async () => {
    expect((await call("POST", "/v1/workflow-runs/estimate", { definitionId: "def_none" })).status).toBe(404);
    expect((await call("POST", "/v1/workflow-runs/estimate", { input: {} })).status).toBe(400);
  });
});
