import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type OpenAiFake, startOpenAiFake } from "../fakes/openai-server";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { ApprovalBody, RunWithSteps } from "../helpers/api-types";
import { expectData } from "../helpers/requests";
import { allEvents } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

// Over HTTP, with the official OpenAI SDK talking to the local fake. gpt-4o-mini: $0.15 / M input,
// $0.60 / M output. Each answer below costs 2000 × 0.15e-6 + 500 × 0.6e-6 = $0.0006; the second step's
// worst case (a 2-token prompt, 1000 answer tokens) is about $0.0006 more, so a $0.001 cap stops it.
const USAGE = { input: 2000, output: 500 };
const CAP = 0.001;

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

const llm = (name: string, model = "gpt-4o-mini", maxTokens = 1000) => ({
  type: "llm",
  name,
  model,
  maxTokens,
  messages: [{ role: "user", content: "Hi" }],
});

async function start(body: {
  budget?: unknown;
  definitionBudget?: unknown;
  steps?: unknown[];
}): Promise<string> {
  const steps = body.steps ?? [llm("outline"), llm("draft")];
  const definition = await expectData<{ id: string }>(
    await call("POST", "/v1/workflow-definitions", {
      name: "budgeted",
      version: "1",
      steps,
      ...(body.definitionBudget ? { budget: body.definitionBudget } : {}),
    }),
    201,
  );
  const run = await expectData<{ id: string }>(
    await call("POST", "/v1/workflow-runs", {
      definitionId: definition.id,
      input: {},
      ...(body.budget ? { budget: body.budget } : {}),
    }),
    201,
  );
  return run.id;
}

async function waitFor(runId: string, statuses: string[]): Promise<RunWithSteps> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const run = await expectData<RunWithSteps>(await call("GET", `/v1/workflow-runs/${runId}`), 200);
    if (statuses.includes(run.status)) return run;
    if (Date.now() > deadline) throw new Error(`run ${runId} is ${run.status}, not ${statuses.join("/")}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const payloads = async (runId: string, type: string) =>
  (await allEvents(t.request, account.apiKey, runId))
    .filter((event) => event.eventType === type)
    .map((event) => event.payload);

async function pendingBudgetRequest(runId: string): Promise<ApprovalBody & { kind: string }> {
  const pending = await expectData<(ApprovalBody & { kind: string; workflowRunId: string })[]>(
    await call("GET", "/v1/approval-requests?pending=true"),
    200,
  );
  const request = pending.find((approval) => approval.workflowRunId === runId);
  if (!request) throw new Error("no pending request for the run");
  return request;
}

describe("run budgets, end to end", () => {
  it("pause: the run pauses before the call that would cross the cap, is approved more spend, and completes", async () => {
    openai.reply({ text: "Outline", usage: USAGE }, { text: "Draft", usage: USAGE });
    const runId = await start({ budget: { maxCostUsd: CAP, onExceed: "pause" } });

    await waitFor(runId, ["PAUSED"]);
    expect(openai.requests).toHaveLength(1);
    const request = await pendingBudgetRequest(runId);
    expect(request).toMatchObject({
      kind: "budget",
      stepName: "draft",
      content: { model: "gpt-4o-mini", spentUsd: 0.0006, maxCostUsd: CAP },
    });
    expect(await payloads(runId, "BUDGET_EXCEEDED")).toMatchObject([
      { stepName: "draft", scope: "run", action: "pause", spentUsd: 0.0006, maxCostUsd: CAP },
    ]);

    // More spend than the call needs: the run goes on, and the step's one call is made.
    await expectData(
      await call("POST", `/v1/approval-requests/${request.id}/decide`, {
        decision: "edited",
        editedContent: { extraCostUsd: 0.01 },
      }),
      200,
    );
    const run = await waitFor(runId, ["COMPLETED", "FAILED"]);
    expect(run.status).toBe("COMPLETED");
    expect(openai.requests).toHaveLength(2);
    expect(run.output).toMatchObject({ outline: { text: "Outline" }, draft: { text: "Draft" } });
  });

  it("pause, rejected: the run fails with BUDGET_EXCEEDED", async () => {
    openai.reply({ text: "Outline", usage: USAGE });
    const runId = await start({ budget: { maxCostUsd: CAP, onExceed: "pause" } });
    await waitFor(runId, ["PAUSED"]);
    const request = await pendingBudgetRequest(runId);
    await expectData(
      await call("POST", `/v1/approval-requests/${request.id}/decide`, { decision: "rejected" }),
      200,
    );
    await waitFor(runId, ["FAILED"]);
    expect(await payloads(runId, "WORKFLOW_FAILED")).toMatchObject([{ code: "BUDGET_EXCEEDED" }]);
  });

  it("a budget request edited with anything but more spend is a 400, and the run stays paused", async () => {
    openai.reply({ text: "Outline", usage: USAGE });
    const runId = await start({ budget: { maxCostUsd: CAP, onExceed: "pause" } });
    await waitFor(runId, ["PAUSED"]);
    const request = await pendingBudgetRequest(runId);
    const response = await call("POST", `/v1/approval-requests/${request.id}/decide`, {
      decision: "edited",
      editedContent: { text: "go on" },
    });
    expect(response.status).toBe(400);
    expect((await waitFor(runId, ["PAUSED"])).status).toBe("PAUSED");
  });

  it("stop (the definition's budget): the step fails with BUDGET_EXCEEDED before the call, not retried", async () => {
    openai.reply({ text: "Outline", usage: USAGE });
    const steps = [llm("outline"), { ...llm("draft"), retry: { maxAttempts: 3, backoffMs: 0 } }];
    const runId = await start({ steps, definitionBudget: { maxCostUsd: CAP, onExceed: "stop" } });
    const run = await waitFor(runId, ["COMPLETED", "FAILED"]);
    expect(run.status).toBe("FAILED");
    expect(openai.requests).toHaveLength(1);
    expect(await payloads(runId, "STEP_FAILED")).toMatchObject([
      { stepName: "draft", code: "BUDGET_EXCEEDED", attempt: 1 },
    ]);
  });

  it("downgrade: the call that would cross the cap goes to the cheaper model, and says so", async () => {
    // gpt-4o: $2.50 / $10 per M. The first answer costs $0.00075; the second's worst case on gpt-4o
    // ($0.0015 for 150 answer tokens) would cross $0.002, on gpt-4o-mini ($0.00009) it does not.
    openai.reply({ text: "Outline", usage: { input: 100, output: 50 } }, { text: "Draft", usage: USAGE });
    const runId = await start({
      steps: [llm("outline", "gpt-4o", 150), llm("draft", "gpt-4o", 150)],
      budget: { maxCostUsd: 0.002, onExceed: "downgrade", downgradeModel: "gpt-4o-mini" },
    });
    const run = await waitFor(runId, ["COMPLETED", "FAILED"]);
    expect(run.status).toBe("COMPLETED");
    expect(openai.requests.map((request) => (request.body as { model: string }).model)).toEqual([
      "gpt-4o",
      "gpt-4o-mini",
    ]);
    expect(run.steps[1]?.output).toMatchObject({ model: "gpt-4o-mini" });
    expect(await payloads(runId, "BUDGET_EXCEEDED")).toMatchObject([
      { model: "gpt-4o", action: "downgrade", downgradeModel: "gpt-4o-mini" },
    ]);
    expect((await payloads(runId, "LLM_CALL_STARTED"))[1]).toMatchObject({
      model: "gpt-4o-mini",
      downgradedFrom: "gpt-4o",
    });
  });

  it("warns once when the spend reaches warnAt of the cap", async () => {
    openai.reply(
      { text: "a", usage: { input: 1000, output: 100 } },
      { text: "b", usage: { input: 1000, output: 100 } },
      { text: "c", usage: { input: 1000, output: 100 } },
    );
    // $0.00021 per answer against a $0.01 cap at warnAt 0.04 ($0.0004): crossed by the second answer only.
    const runId = await start({
      steps: [llm("a", "gpt-4o-mini", 10), llm("b", "gpt-4o-mini", 10), llm("c", "gpt-4o-mini", 10)],
      budget: { maxCostUsd: 0.01, warnAt: 0.04, onExceed: "stop" },
    });
    expect((await waitFor(runId, ["COMPLETED", "FAILED"])).status).toBe("COMPLETED");
    expect(await payloads(runId, "BUDGET_WARNING")).toEqual([
      {
        stepName: "b",
        scope: "run",
        spentUsd: 0.00042,
        spentTokens: 2200,
        maxCostUsd: 0.01,
        maxTokens: null,
        warnAt: 0.04,
      },
    ]);
  });

  it("refuses a budget without a cap, or downgrade without a model, before anything is written", async () => {
    const definition = await expectData<{ id: string }>(
      await call("POST", "/v1/workflow-definitions", { name: "b", version: "1", steps: [llm("a")] }),
      201,
    );
    for (const budget of [{ onExceed: "stop" }, { maxCostUsd: 1, onExceed: "downgrade" }]) {
      const response = await call("POST", "/v1/workflow-runs", { definitionId: definition.id, budget });
      expect(response.status).toBe(400);
    }
  });
});
