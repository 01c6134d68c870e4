import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenAiFake, startOpenAiFake } from "../fakes/openai-server";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { RunWithSteps } from "../helpers/api-types";
import { expectData } from "../helpers/requests";
import { createTestApp, type TestApp } from "../helpers/test-app";

// gpt-4o-mini at $0.15 / $0.60 per M: 1000 in, 100 out = $0.00021 per call.
const USAGE = { input: 1000, output: 100 };
const CALL = 0.00021;

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

const call = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { body, headers: withKey(account.apiKey) });

describe("where the money went", () => {
  it("reports the wasted part of a run's and the workspace's cost, per step and per definition", async () => {
    const startedAt = new Date(Date.now() - 1000).toISOString();
    const steps = [
      {
        type: "llm",
        name: "classify",
        model: "gpt-4o-mini",
        responseFormat: "json",
        messages: [{ role: "user", content: "Classify the ticket as JSON" }],
      },
      {
        type: "llm",
        name: "reply",
        model: "gpt-4o-mini",
        guardrails: [{ type: "blocklist", words: ["guarantee"] }],
        retry: { maxAttempts: 2, backoffMs: 0 },
        messages: [{ role: "user", content: "Reply" }],
      },
    ];
    const definition = await expectData<{ id: string }>(
      await call("POST", "/v1/workflow-definitions", { name: "support", version: "1", steps }),
      201,
    );
    openai.reply(
      // classify: not JSON, then repaired: the first answer is wasted.
      { text: "It is a billing question", usage: USAGE },
      { text: '{"kind":"billing"}', usage: USAGE },
      // reply: refused by the guardrail (a wasted attempt), then accepted on the retry.
      { text: "We guarantee a refund", usage: USAGE },
      { text: "We will look into it", usage: USAGE },
    );
    const { id } = await expectData<{ id: string }>(
      await call("POST", "/v1/workflow-runs", { definitionId: definition.id, input: {} }),
      201,
    );
    const deadline = Date.now() + 15_000;
    for (;;) {
      const run = await expectData<RunWithSteps>(await call("GET", `/v1/workflow-runs/${id}`), 200);
      if (run.status === "COMPLETED" || run.status === "FAILED") break;
      if (Date.now() > deadline) throw new Error("run did not finish");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    const plain = await expectData<Record<string, unknown>>(
      await call("GET", `/v1/workflow-runs/${id}/cost`),
      200,
    );
    expect(Object.keys(plain).sort()).toEqual([
      "calls",
      "totalCostUsd",
      "totalInputTokens",
      "totalOutputTokens",
      "workflowRunId",
    ]);
    const detailed = await expectData<Record<string, unknown>>(
      await call("GET", `/v1/workflow-runs/${id}/cost?breakdown=true`),
      200,
    );
    expect(detailed).toMatchObject({
      totalCostUsd: 4 * CALL,
      wastedCostUsd: 2 * CALL,
      byStep: [
        { stepName: "classify", costUsd: 2 * CALL, wastedCostUsd: CALL, calls: 2 },
        { stepName: "reply", costUsd: 2 * CALL, wastedCostUsd: CALL, calls: 2 },
      ],
    });

    const now = new Date().toISOString();
    const summary = await expectData<Record<string, unknown>>(
      await call("GET", `/v1/cost/summary?from=${startedAt}&to=${now}`),
      200,
    );
    expect(summary).toMatchObject({
      totalCostUsd: 4 * CALL,
      wastedCostUsd: 2 * CALL,
      byModel: [{ model: "gpt-4o-mini", costUsd: 4 * CALL, inputTokens: 4000, outputTokens: 400, calls: 4 }],
      byDefinition: [{ definitionId: definition.id, costUsd: 4 * CALL, wastedCostUsd: 2 * CALL, calls: 4 }],
      byStep: [
        { definitionId: definition.id, stepName: "classify", costUsd: 2 * CALL, wastedCostUsd: CALL },
        { definitionId: definition.id, stepName: "reply", costUsd: 2 * CALL, wastedCostUsd: CALL },
      ],
    });
    // All time comes from the daily rollups, which keep the definition and step too.
    expect(await expectData(await call("GET", "/v1/cost/summary"), 200)).toMatchObject({
      wastedCostUsd: 2 * CALL,
      byDefinition: [{ definitionId: definition.id, costUsd: 4 * CALL, wastedCostUsd: 2 * CALL }],
      byStep: [{ stepName: "classify" }, { stepName: "reply" }],
    });
    // The spec's byModel rows keep exactly their fields.
    expect(Object.keys((summary.byModel as object[])[0] ?? {}).sort()).toEqual([
      "calls",
      "costUsd",
      "inputTokens",
      "model",
      "outputTokens",
    ]);
  });
});
