import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type OpenAiFake, startOpenAiFake } from "../fakes/openai-server";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { RunWithSteps } from "../helpers/api-types";
import { expectData } from "../helpers/requests";
import { allEvents } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

// gpt-4o-mini at $0.15 / $0.60 per M: 1000 in, 100 out = $0.00021.
const USAGE = { input: 1000, output: 100 };
const CALL_COST = 0.00021;

let t: TestApp;
let openai: OpenAiFake;
let account: SignedUp;

beforeAll(async () => {
  openai = await startOpenAiFake();
  t = await createTestApp(
    {
      OPENAI_BASE_URL: openai.baseUrl,
      OPENAI_API_KEY: "sk-server-openai-000000000",
      RATE_LIMIT_PER_MINUTE: "1000000",
    },
    { realTime: true },
  );
  account = await signUp(t);
});
afterAll(() => openai.close());
beforeEach(() => openai.reset());

const call = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { body, headers: withKey(account.apiKey) });

async function definition(step: Record<string, unknown>): Promise<string> {
  const steps = [
    {
      type: "llm",
      name: "summary",
      model: "gpt-4o-mini",
      messages: [{ role: "user", content: "Summarise {{input.ticket}}" }],
      ...step,
    },
  ];
  const created = await expectData<{ id: string }>(
    await call("POST", "/v1/workflow-definitions", { name: "cached", version: "1", steps }),
    201,
  );
  return created.id;
}

async function runToEnd(definitionId: string, input: Record<string, unknown>): Promise<RunWithSteps> {
  const { id } = await expectData<{ id: string }>(
    await call("POST", "/v1/workflow-runs", { definitionId, input }),
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

const completions = async (runId: string) =>
  (await allEvents(t.request, account.apiKey, runId))
    .filter((event) => event.eventType === "LLM_CALL_COMPLETED")
    .map((event) => event.payload);

describe("the llm response cache", () => {
  it("answers an identical request from the cache: no provider request, cost 0, the saving reported", async () => {
    const definitionId = await definition({ cache: { ttlMs: 60_000 } });
    openai.reply({ text: "Printer jam, fixed by restart.", usage: USAGE });
    const first = await runToEnd(definitionId, { ticket: "T-1" });
    expect(first.status).toBe("COMPLETED");
    expect(openai.requests).toHaveLength(1);

    const second = await runToEnd(definitionId, { ticket: "T-1" });
    expect(second.status).toBe("COMPLETED");
    expect(openai.requests).toHaveLength(1);
    expect(second.output).toMatchObject({ summary: { text: "Printer jam, fixed by restart." } });
    expect(second.steps[0]?.output).toMatchObject({ cached: true, costUsd: 0 });
    expect(await completions(second.id)).toEqual([
      expect.objectContaining({ cached: true, costUsd: 0, savedUsd: CALL_COST, model: "gpt-4o-mini" }),
    ]);
    const cost = await expectData<{ totalCostUsd: number; calls: unknown[] }>(
      await call("GET", `/v1/workflow-runs/${second.id}/cost`),
      200,
    );
    expect(cost).toMatchObject({ totalCostUsd: 0, calls: [] });
  });

  it("calls the provider for a different rendered prompt, and for a step without cache", async () => {
    const cachedId = await definition({ cache: { ttlMs: 60_000 } });
    openai.reply({ text: "A", usage: USAGE }, { text: "B", usage: USAGE }, { text: "C", usage: USAGE });
    await runToEnd(cachedId, { ticket: "T-2" });
    await runToEnd(cachedId, { ticket: "T-3" });
    const uncachedId = await definition({});
    await runToEnd(uncachedId, { ticket: "T-2" });
    expect(openai.requests).toHaveLength(3);
  });

  it("keeps only answers that passed the step's checks", async () => {
    const definitionId = await definition({
      cache: { ttlMs: 60_000 },
      guardrails: [{ type: "blocklist", words: ["refund"] }],
      retry: { maxAttempts: 1, backoffMs: 0 },
    });
    openai.reply({ text: "We refund you.", usage: USAGE }, { text: "We fix it.", usage: USAGE });
    expect((await runToEnd(definitionId, { ticket: "T-4" })).status).toBe("FAILED");
    expect((await runToEnd(definitionId, { ticket: "T-4" })).status).toBe("COMPLETED");
    expect(openai.requests).toHaveLength(2);
  });

  it("refuses a ttlMs past 30 days", async () => {
    const steps = [
      {
        type: "llm",
        name: "s",
        model: "gpt-4o-mini",
        messages: [{ role: "user", content: "x" }],
        cache: { ttlMs: 31 * 24 * 3600 * 1000 },
      },
    ];
    const response = await call("POST", "/v1/workflow-definitions", { name: "c", version: "1", steps });
    expect(response.status).toBe(400);
  });
});
