import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenAiFake, startOpenAiFake } from "../fakes/openai-server";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { RunBody } from "../helpers/api-types";
import { answer, type ReceivedRequest, startTestServer } from "../helpers/engine";
import { expectData, expectError } from "../helpers/requests";
import { allEvents, createDefinition, expectPage, startRun, waitForRun, withStatus } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let a: SignedUp;
let fake: OpenAiFake;
let target: { url: string; requests: ReceivedRequest[] };
/** Requests the target is answering right now, and the most it ever answered at once. */
let inFlight = 0;
let maxInFlight = 0;

beforeAll(async () => {
  fake = await startOpenAiFake();
  t = await createTestApp(
    {
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: "sk-server-key-000000000000",
      RATE_LIMIT_PER_MINUTE: "1000000",
    },
    { realTime: true },
  );
  a = await signUp(t);
  // /slow answers after 1.5 s, /items/* after 60 ms, /fail with 500; every answer echoes the request's body.
  target = await startTestServer(async (request, _n, res) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const delayMs = request.path === "/slow" ? 1500 : request.path.startsWith("/items") ? 60 : 0;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    inFlight -= 1;
    answer(res, request.path === "/fail" ? 500 : 200, { echo: JSON.parse(request.body || "{}") });
  });
});
afterAll(() => fake.close());

const send = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { body, headers: withKey(a.apiKey) });

const call = (name: string, path: string, body: Record<string, unknown> = {}) => ({
  type: "task",
  name,
  handler: "http",
  config: { url: `${target.url}${path}`, method: "POST", body },
  retry: { maxAttempts: 1, backoffMs: 10 },
});

const children = async (runId: string) =>
  (await expectPage<RunBody>(await send("GET", `/v1/workflow-runs?parentRunId=${runId}&pageSize=100`))).data;

const eventsOf = async (runId: string, type: string) =>
  (await allEvents(t.request, a.apiKey, runId)).filter((event) => event.eventType === type);

const waitForChild = async (runId: string, status: string) => {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = (await children(runId)).find((child) => child.status === status);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${status} child of ${runId}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const parallel = (join: "all" | "any", branches: [string, unknown[]][]) => ({
  type: "parallel",
  name: "together",
  join,
  branches: branches.map(([name, steps]) => ({ name, steps })),
});

describe("parallel steps", () => {
  it("with join all, goes on once the slow and the fast branch completed, with each branch's output", async () => {
    const definition = await createDefinition(
      t.request,
      a.apiKey,
      [
        parallel("all", [
          ["slow", [call("slowCall", "/slow", { who: "slow" })]],
          ["fast", [call("fastCall", "/fast", { who: "fast" })]],
        ]),
        { type: "task", name: "after", handler: "noop" },
      ],
      "parallel-all",
    );
    const started = Date.now();
    const run = await startRun(t.request, a.apiKey, { definitionId: definition.id });
    const done = await waitForRun(t.request, a.apiKey, run.id, withStatus("COMPLETED"));
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(done.output?.together).toMatchObject({
      slow: { slowCall: { status: 200, body: { echo: { who: "slow" } } } },
      fast: { fastCall: { status: 200, body: { echo: { who: "fast" } } } },
    });
    expect(done.steps.map((step) => [step.stepName, step.status])).toEqual([
      ["together", "COMPLETED"],
      ["after", "COMPLETED"],
    ]);
    // The branches are runs of their own, listed under their parent only.
    const branches = await children(run.id);
    expect(branches.map((child) => [child.status, child.parentRunId])).toEqual([
      ["COMPLETED", run.id],
      ["COMPLETED", run.id],
    ]);
    const listed = (await expectPage<RunBody>(await send("GET", "/v1/workflow-runs?pageSize=100"))).data;
    expect(listed.map((listedRun) => listedRun.id)).toContain(run.id);
    expect(listed.some((listedRun) => listedRun.parentRunId !== undefined)).toBe(false);
    expect((await eventsOf(run.id, "CHILD_RUN_ENDED")).map((event) => event.payload.status)).toEqual([
      "COMPLETED",
      "COMPLETED",
    ]);
  });

  it("with join any, goes on with the fast branch alone and cancels the slow one", async () => {
    const definition = await createDefinition(
      t.request,
      a.apiKey,
      [
        parallel("any", [
          ["slow", [{ type: "wait", name: "long", durationMs: 60_000 }]],
          ["fast", [call("quick", "/fast", { who: "fast" })]],
        ]),
      ],
      "parallel-any",
    );
    const run = await startRun(t.request, a.apiKey, { definitionId: definition.id });
    const done = await waitForRun(t.request, a.apiKey, run.id, withStatus("COMPLETED"));
    expect(Object.keys(done.output?.together as object)).toEqual(["fast"]);
    await waitForChild(run.id, "CANCELLED");
    expect((await children(run.id)).map((child) => child.status).sort()).toEqual(["CANCELLED", "COMPLETED"]);
  });

  it("fails the step when a branch fails, and cancels the other branch", async () => {
    const definition = await createDefinition(
      t.request,
      a.apiKey,
      [
        {
          ...parallel("all", [
            ["waits", [{ type: "wait", name: "longWait", durationMs: 60_000 }]],
            ["breaks", [call("broken", "/fail")]],
          ]),
          retry: { maxAttempts: 1, backoffMs: 10 },
        },
      ],
      "parallel-failing",
    );
    const run = await startRun(t.request, a.apiKey, { definitionId: definition.id });
    await waitForRun(t.request, a.apiKey, run.id, withStatus("FAILED"));
    const [failed] = await eventsOf(run.id, "WORKFLOW_FAILED");
    expect(failed?.payload).toMatchObject({
      stepName: "together",
      error: expect.stringContaining('Branch "breaks" failed'),
    });
    await waitForChild(run.id, "CANCELLED");
    expect((await children(run.id)).map((child) => child.status).sort()).toEqual(["CANCELLED", "FAILED"]);
  });
});

describe("map steps", () => {
  it("maps over 50 items with never more than 5 at once, and keeps the items' order", async () => {
    const items = Array.from({ length: 50 }, (_, n) => ({ n }));
    const mapOver = await createDefinition(
      t.request,
      a.apiKey,
      [
        { type: "task", name: "list", handler: "set_state", config: { values: { list: "{{input.items}}" } } },
        {
          type: "map",
          name: "each",
          itemsKey: "list",
          maxConcurrency: 5,
          steps: [call("fetch", "/items", { n: "{{state.item.n}}" })],
        },
      ],
      "map-50-items",
    );
    maxInFlight = 0;
    const run = await startRun(t.request, a.apiKey, { definitionId: mapOver.id, input: { items } });
    const done = await waitForRun(t.request, a.apiKey, run.id, withStatus("COMPLETED"), 60_000);
    expect(maxInFlight).toBeGreaterThan(1);
    expect(maxInFlight).toBeLessThanOrEqual(5);
    const outputs = done.output?.each as { fetch: { body: { echo: { n: number } } } }[];
    expect(outputs.map((output) => output.fetch.body.echo.n)).toEqual(items.map((item) => item.n));
    expect(await children(run.id)).toHaveLength(50);
  }, 90_000);

  it("fails the step when more items fail than failureTolerance allows", async () => {
    const definition = await createDefinition(
      t.request,
      a.apiKey,
      [
        { type: "task", name: "list", handler: "set_state", config: { values: { list: [1, 2, 3] } } },
        {
          type: "map",
          name: "each",
          itemsKey: "list",
          maxConcurrency: 3,
          failureTolerance: 1,
          retry: { maxAttempts: 1, backoffMs: 10 },
          steps: [call("broken", "/fail")],
        },
      ],
      "map-failing",
    );
    const run = await startRun(t.request, a.apiKey, { definitionId: definition.id });
    await waitForRun(t.request, a.apiKey, run.id, withStatus("FAILED"));
    const [failed] = await eventsOf(run.id, "WORKFLOW_FAILED");
    expect(failed?.payload.error).toContain("more than the 1 tolerated");
  });
});

describe("sub_workflow steps", () => {
  it("runs the child definition as a run of its own, whose llm cost appears in the parent's cost", async () => {
    fake.reply({ text: "Bonjour", usage: { input: 1000, output: 100 } });
    const child = await createDefinition(
      t.request,
      a.apiKey,
      [
        {
          type: "llm",
          name: "translate",
          model: "gpt-4o-mini",
          messages: [{ role: "user", content: "Translate {{input.text}}" }],
        },
      ],
      "translator",
    );
    const parent = await createDefinition(
      t.request,
      a.apiKey,
      [
        {
          type: "sub_workflow",
          name: "child",
          definitionId: child.id,
          input: { text: "{{input.greeting}}" },
        },
      ],
      "calls-translator",
    );
    const run = await startRun(t.request, a.apiKey, {
      definitionId: parent.id,
      input: { greeting: "Hello" },
    });
    const done = await waitForRun(t.request, a.apiKey, run.id, withStatus("COMPLETED"));
    const [childRun] = await children(run.id);
    expect(childRun).toMatchObject({ definitionId: child.id, status: "COMPLETED", parentRunId: run.id });
    expect(childRun?.input).toEqual({ text: "Hello" });
    expect(done.output?.child).toMatchObject({ translate: { text: "Bonjour" } });

    const cost = await expectData<{
      totalCostUsd: number;
      calls: { stepName: string; costUsd: number; workflowRunId?: string }[];
    }>(await send("GET", `/v1/workflow-runs/${run.id}/cost`), 200);
    // gpt-4o-mini: $0.15 / M input, $0.60 / M output.
    expect(cost.totalCostUsd).toBeCloseTo(0.00021, 9);
    expect(cost.calls).toEqual([
      expect.objectContaining({ stepName: "translate", workflowRunId: childRun?.id, costUsd: 0.00021 }),
    ]);
  });

  it("cancelling the parent cancels the child", async () => {
    const child = await createDefinition(
      t.request,
      a.apiKey,
      [{ type: "external_event", name: "never", signalType: "go" }],
      "waits-forever",
    );
    const parent = await createDefinition(
      t.request,
      a.apiKey,
      [{ type: "sub_workflow", name: "child", definitionId: child.id }],
      "parent-of-waiter",
    );
    const run = await startRun(t.request, a.apiKey, { definitionId: parent.id });
    const waiting = await waitForChild(run.id, "WAITING");
    expect(
      (await expectData<{ status: string }>(await send("POST", `/v1/workflow-runs/${run.id}/cancel`), 200))
        .status,
    ).toBe("CANCELLED");
    await waitForRun(t.request, a.apiKey, waiting.id, withStatus("CANCELLED"));
  });

  it("refuses a definition whose sub_workflow names no definition, and a parentRunId with other filters", async () => {
    await expectError(
      await send("POST", "/v1/workflow-definitions", {
        name: "dangling",
        version: "1",
        steps: [{ type: "sub_workflow", name: "child", definitionId: "def_missing" }],
      }),
      400,
      "VALIDATION_ERROR",
    );
    await expectError(
      await send("GET", "/v1/workflow-runs?parentRunId=run_x&status=RUNNING"),
      400,
      "VALIDATION_ERROR",
    );
  });
});
