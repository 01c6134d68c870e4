import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenAiFake, startOpenAiFake } from "../fakes/openai-server";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { RunWithSteps } from "../helpers/api-types";
import { expectData } from "../helpers/requests";
import { allEvents } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

// gpt-4o-mini at $0.15 / $0.60 per M tokens. Each call's worst case (a 2-token prompt, 1000 answer
// tokens) is $0.0006003; each answer costs 1000 × 0.15e-6 + 500 × 0.6e-6 = $0.00045.
const CAP = 0.005;
const ANSWER_USD = 0.00045;
const RUNS = 20;

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

interface BudgetView {
  budget: { maxCostUsd?: number } | null;
  month: string;
  spentUsd: number;
  spentTokens: number;
  reservedUsd: number;
}

describe("a workspace's monthly budget", () => {
  it("starts unset, and refuses a budget without a cap", async () => {
    expect(await expectData<BudgetView>(await call("GET", "/v1/budgets"), 200)).toMatchObject({
      budget: null,
      spentUsd: 0,
      reservedUsd: 0,
    });
    expect((await call("PUT", "/v1/budgets", { warnAt: 0.5 })).status).toBe(400);
  });

  it("holds with 20 runs racing: the month's spend never crosses the cap, and the rest fail BUDGET_EXCEEDED", async () => {
    await expectData(await call("PUT", "/v1/budgets", { maxCostUsd: CAP }), 200);
    openai.reply(
      ...Array.from({ length: RUNS }, () => ({ text: "ok", usage: { input: 1000, output: 500 } })),
    );
    const steps = [
      {
        type: "llm",
        name: "draft",
        model: "gpt-4o-mini",
        maxTokens: 1000,
        messages: [{ role: "user", content: "Hi" }],
      },
    ];
    const definition = await expectData<{ id: string }>(
      await call("POST", "/v1/workflow-definitions", { name: "racing", version: "1", steps }),
      201,
    );
    const ids = await Promise.all(
      Array.from({ length: RUNS }, async () => {
        const run = await expectData<{ id: string }>(
          await call("POST", "/v1/workflow-runs", { definitionId: definition.id, input: {} }),
          201,
        );
        return run.id;
      }),
    );

    const deadline = Date.now() + 30_000;
    let runs: RunWithSteps[] = [];
    for (;;) {
      runs = await Promise.all(
        ids.map(async (id) => expectData<RunWithSteps>(await call("GET", `/v1/workflow-runs/${id}`), 200)),
      );
      if (runs.every((run) => run.status === "COMPLETED" || run.status === "FAILED")) break;
      if (Date.now() > deadline) throw new Error("runs did not finish");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const completed = runs.filter((run) => run.status === "COMPLETED");
    const failed = runs.filter((run) => run.status === "FAILED");
    // Every call made was an answer the budget let through, and none crossed the cap.
    expect(openai.requests).toHaveLength(completed.length);
    expect(completed.length * ANSWER_USD).toBeLessThanOrEqual(CAP);
    // At least as many as fit when every other call's worst case is still claimed.
    expect(completed.length).toBeGreaterThanOrEqual(Math.floor(CAP / 0.0006003));
    expect(failed.length).toBeGreaterThan(0);
    for (const run of failed) {
      const events = await allEvents(t.request, account.apiKey, run.id);
      expect(events.find((event) => event.eventType === "STEP_FAILED")?.payload).toMatchObject({
        code: "BUDGET_EXCEEDED",
      });
      expect(events.find((event) => event.eventType === "BUDGET_EXCEEDED")?.payload).toMatchObject({
        scope: "workspace",
        action: "stop",
        maxCostUsd: CAP,
      });
    }

    const view = await expectData<BudgetView>(await call("GET", "/v1/budgets"), 200);
    expect(view).toMatchObject({ budget: { maxCostUsd: CAP }, reservedUsd: 0 });
    expect(view.spentUsd).toBeCloseTo(completed.length * ANSWER_USD, 9);
    expect(view.spentUsd).toBeLessThanOrEqual(CAP);

    // The month's warning (at 0.8 of the cap) went out once, from whichever call reached it.
    const warnings = (await Promise.all(completed.map((run) => allEvents(t.request, account.apiKey, run.id))))
      .flat()
      .filter((event) => event.eventType === "BUDGET_WARNING");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.payload).toMatchObject({ scope: "workspace", maxCostUsd: CAP, warnAt: 0.8 });
  });

  it("removed, no longer stops calls", async () => {
    expect((await call("DELETE", "/v1/budgets")).status).toBe(204);
    expect(await expectData<BudgetView>(await call("GET", "/v1/budgets"), 200)).toMatchObject({
      budget: null,
      reservedUsd: 0,
    });
  });
});
