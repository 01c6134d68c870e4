import { describe, expect, it } from "vitest";
import type { RunBody } from "../helpers/api-types";
import { createDefinition, expectPage, startRun, waitForRun, withStatus } from "../helpers/runs";
import { a, call, children, eventsOf, send, setUpChildRuns, t, waitForChild } from "./child-runs-fixtures";

/**
 * Parallel steps, whose branches are child runs: join all waits for every branch and gathers their outputs,
 * join any goes on with the first and cancels the rest, and a failing branch fails the step and cancels the
 * other.
 */
setUpChildRuns();

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
