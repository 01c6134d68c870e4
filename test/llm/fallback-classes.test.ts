import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type AnthropicFake, startAnthropicFake } from "../fakes/anthropic-server";
import { type OpenAiFake, startOpenAiFake } from "../fakes/openai-server";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { RunWithSteps } from "../helpers/api-types";
import { expectData } from "../helpers/requests";
import { allEvents } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

// Over HTTP, with the official OpenAI and Anthropic SDKs talking to the local fakes.
let t: TestApp;
let openai: OpenAiFake;
let anthropic: AnthropicFake;
let account: SignedUp;

beforeAll(async () => {
  openai = await startOpenAiFake();
  anthropic = await startAnthropicFake();
  t = await createTestApp(
    {
      OPENAI_BASE_URL: openai.baseUrl,
      OPENAI_API_KEY: "sk-server-openai-000000000",
      ANTHROPIC_BASE_URL: anthropic.baseUrl,
      ANTHROPIC_API_KEY: "sk-ant-server-00000000000",
      RATE_LIMIT_PER_MINUTE: "1000000",
    },
    { realTime: true },
  );
  account = await signUp(t);
});
afterAll(async () => {
  await openai.close();
  await anthropic.close();
});
beforeEach(() => {
  openai.reset();
  anthropic.reset();
});

const call = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { body, headers: withKey(account.apiKey) });

async function runToEnd(step: Record<string, unknown>): Promise<RunWithSteps> {
  const steps = [{ type: "llm", name: "draft", messages: [{ role: "user", content: "Hi" }], ...step }];
  const definition = await expectData<{ id: string }>(
    await call("POST", "/v1/workflow-definitions", { name: "fallback", version: "1", steps }),
    201,
  );
  const { id } = await expectData<{ id: string }>(
    await call("POST", "/v1/workflow-runs", { definitionId: definition.id, input: {} }),
    201,
  );
  const deadline = Date.now() + 15_000;
  for (;;) {
    const run = await expectData<RunWithSteps>(await call("GET", `/v1/workflow-runs/${id}`), 200);
    if (run.status === "COMPLETED" || run.status === "FAILED") return run;
    if (Date.now() > deadline) throw new Error(`run ${id} is still ${run.status}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const payloads = async (runId: string, type: string) =>
  (await allEvents(t.request, account.apiKey, runId))
    .filter((event) => event.eventType === type)
    .map((event) => event.payload);

describe("llm fallback by error class, end to end", () => {
  it("a 429 from OpenAI falls back to the listed Claude model", async () => {
    openai.reply({ error: { status: 429, message: "Rate limit reached" } });
    anthropic.reply({ text: "From Claude" });
    const run = await runToEnd({ model: "gpt-4o-mini", fallbackModels: ["claude-haiku-4-5"] });
    expect(run.status).toBe("COMPLETED");
    expect(run.output).toMatchObject({ draft: { text: "From Claude" } });
    expect(await payloads(run.id, "LLM_FALLBACK_TRIGGERED")).toMatchObject([
      { failedModel: "gpt-4o-mini", nextModel: "claude-haiku-4-5", errorClass: "rate_limit" },
    ]);
  });

  it("a content-filter refusal does not fall back: the step fails for good, Claude is never asked", async () => {
    openai.reply({
      error: { status: 400, message: "The response was filtered due to content management policy" },
    });
    const run = await runToEnd({
      model: "gpt-4o-mini",
      fallbackModels: ["claude-haiku-4-5"],
      retry: { maxAttempts: 3, backoffMs: 0 },
    });
    expect(run.status).toBe("FAILED");
    expect(openai.requests).toHaveLength(1);
    expect(anthropic.requests).toHaveLength(0);
    expect(await payloads(run.id, "LLM_CALL_FAILED")).toMatchObject([{ errorClass: "content_filter" }]);
  });

  it("an answer off the schema is repaired by the same model, within the same attempt", async () => {
    openai.reply({ text: '{"score":"high"}' }, { text: '{"score":9}' });
    const run = await runToEnd({
      model: "gpt-4o-mini",
      responseFormat: "json",
      outputSchema: { type: "object", properties: { score: { type: "number" } }, required: ["score"] },
    });
    expect(run.status).toBe("COMPLETED");
    expect(run.output).toMatchObject({ draft: { score: 9 } });
    expect(openai.requests).toHaveLength(2);
    expect(run.steps).toMatchObject([{ attempt: 1, status: "COMPLETED" }]);
    expect(await payloads(run.id, "LLM_OUTPUT_REPAIR_REQUESTED")).toMatchObject([
      { model: "gpt-4o-mini", repair: 1 },
    ]);
  });
});
