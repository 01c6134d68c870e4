import { beforeAll, describe, expect, it } from "vitest";
import { type EngineHarness, engineHarness, eventTypes, task } from "../helpers/engine";

let h: EngineHarness;

beforeAll(async () => {
  h = await engineHarness({ realTime: true });
});

/** Starts a run of these steps and waits until the engine has nothing more to do for it. */
async function runToEnd(steps: unknown[], input: Record<string, unknown> = {}) {
  const runId = await h.start(await h.define(steps), input);
  await h.waitFor(runId, ["COMPLETED", "FAILED"], 20_000);
  return { runId, run: await h.getRun(runId), events: await h.events(runId) };
}

describe("task steps", () => {
  it("completes the run with an empty step output when the handler is noop", async () => {
    const { run, events } = await runToEnd([task("nothing", "noop")], { a: 1 });
    expect(run.status).toBe("COMPLETED");
    expect(run.output).toEqual({ input: { a: 1 }, nothing: {} });
    expect(run.steps.map((step) => [step.stepName, step.status, step.attempt])).toEqual([
      ["nothing", "COMPLETED", 1],
    ]);
    expect(eventTypes(events)).toEqual([
      "WORKFLOW_STARTED",
      "STEP_STARTED",
      "STEP_COMPLETED",
      "WORKFLOW_COMPLETED",
    ]);
    expect(events[0]?.payload).toEqual({ definitionId: expect.any(String), input: { a: 1 } });
    expect(events[3]?.payload).toEqual({ output: run.output, durationMs: expect.any(Number) });
  });

  it("merges templated values into the state when set_state uses {{input.x}}, {{x}} and {{state.x}}", async () => {
    const { run } = await runToEnd(
      [
        task("first", "set_state", {
          values: { long: "{{input.name}}", short: "{{name}}", count: "{{input.n}}" },
        }),
        task("second", "set_state", {
          values: { copied: "{{state.long}}!", sameCount: "{{state.count}}", nested: "{{input.deep.k}}" },
        }),
      ],
      { name: "ada", n: 5, deep: { k: "v" } },
    );
    expect(run.status).toBe("COMPLETED");
    expect(run.output).toEqual({
      input: { name: "ada", n: 5, deep: { k: "v" } },
      long: "ada",
      short: "ada",
      count: 5,
      copied: "ada!",
      sameCount: 5,
      nested: "v",
    });
  });

  it("fails the run with the configured error when the handler is fail", async () => {
    const { run, events } = await runToEnd([
      task("boom", "fail", { error: "it broke" }),
      task("after", "noop"),
    ]);
    expect(run.status).toBe("FAILED");
    expect(run.output).toBeNull();
    expect(run.steps.map((step) => [step.stepName, step.status, step.error])).toEqual([
      ["boom", "FAILED", "it broke"],
    ]);
    expect(events.at(-1)).toMatchObject({
      eventType: "WORKFLOW_FAILED",
      payload: { error: "it broke", stepName: "boom" },
    });
    expect(eventTypes(events)).not.toContain("STEP_RETRYING");
  });

  it("fails the step once with a message naming the handler when the handler is unknown", async () => {
    const { run, events } = await runToEnd([
      { ...task("mystery", "no_such_handler"), retry: { maxAttempts: 3, backoffMs: 0 } },
    ]);
    expect(run.status).toBe("FAILED");
    const [step] = run.steps;
    expect(step).toMatchObject({ stepName: "mystery", status: "FAILED", attempt: 1 });
    expect(step?.error).toMatch(/unknown.*no_such_handler/i);
    expect(eventTypes(events)).toEqual([
      "WORKFLOW_STARTED",
      "STEP_STARTED",
      "STEP_FAILED",
      "WORKFLOW_FAILED",
    ]);
  });

  it("fails an llm step with an error naming the missing key when neither workspace nor server has one", async () => {
    const { run, events } = await runToEnd([
      { type: "llm", name: "draft", model: "gpt-4o-mini", systemPrompt: "Say hi" },
    ]);
    expect(run.status).toBe("FAILED");
    expect(run.steps[0]).toMatchObject({ stepName: "draft", stepType: "llm", status: "FAILED" });
    expect(run.steps[0]?.error).toMatch(/No API key is configured for openai/);
    expect(events.at(-1)).toMatchObject({ eventType: "WORKFLOW_FAILED", payload: { stepName: "draft" } });
  });
});

describe("wait steps", () => {
  it("holds the run WAITING and completes it only after durationMs when the step waits 200 ms", async () => {
    const runId = await h.start(await h.define([{ type: "wait", name: "pause", durationMs: 200 }]));
    const waiting = await h.waitFor(runId, ["WAITING", "COMPLETED"]);
    expect(waiting.status).toBe("WAITING");
    expect((await h.getRun(runId)).currentStepName).toBe("pause");

    await h.waitFor(runId, ["COMPLETED"]);
    const events = await h.events(runId);
    const started = events.find((event) => event.eventType === "STEP_STARTED");
    const completed = events.find((event) => event.eventType === "WORKFLOW_COMPLETED");
    expect(
      Date.parse(completed?.createdAt ?? "") - Date.parse(started?.createdAt ?? ""),
    ).toBeGreaterThanOrEqual(200);
    expect((await h.getRun(runId)).steps[0]?.status).toBe("COMPLETED");
  });

  it("completes the run no earlier than the moment when the step waits untilTimestamp", async () => {
    // Far enough ahead that the step surely starts before it, even on a cold first request.
    const until = new Date(Date.now() + 1000).toISOString();
    const runId = await h.start(await h.define([{ type: "wait", name: "until", untilTimestamp: until }]));
    expect((await h.waitFor(runId, ["WAITING", "COMPLETED"])).status).toBe("WAITING");

    await h.waitFor(runId, ["COMPLETED"]);
    const completed = (await h.events(runId)).find((event) => event.eventType === "WORKFLOW_COMPLETED");
    expect(Date.parse(completed?.createdAt ?? "")).toBeGreaterThanOrEqual(Date.parse(until));
  });
});

describe("condition steps", () => {
  /** check → yes → end, or check → no → rejoin → end. */
  const branching = [
    { type: "condition", name: "check", expression: "input.flags.go", trueStep: "yes", falseStep: "no" },
    task("no", "set_state", { values: { branch: "no" } }),
    { type: "condition", name: "rejoin", expression: "input", trueStep: "end", falseStep: "end" },
    task("yes", "set_state", { values: { branch: "yes" } }),
    task("end", "noop"),
  ];

  it("continues at trueStep when the value at the expression path is truthy", async () => {
    const { run } = await runToEnd(branching, { flags: { go: "yes please" } });
    expect(run.status).toBe("COMPLETED");
    expect(run.steps.map((step) => step.stepName)).toEqual(["check", "yes", "end"]);
    expect(run.output?.branch).toBe("yes");
  });

  it("continues at falseStep when the value at the expression path is falsy or missing", async () => {
    for (const input of [{ flags: { go: 0 } }, {}]) {
      const { run } = await runToEnd(branching, input);
      expect(run.status).toBe("COMPLETED");
      expect(run.steps.map((step) => step.stepName)).toEqual(["check", "no", "rejoin", "end"]);
      expect(run.output?.branch).toBe("no");
    }
  });

  it("fails the run after exactly 1000 steps when a condition keeps jumping back", async () => {
    const { run, events } = await runToEnd([
      task("arm", "set_state", { values: { again: true } }),
      { type: "condition", name: "loop", expression: "again", trueStep: "loop", falseStep: "done" },
      task("done", "noop"),
    ]);
    expect(run.status).toBe("FAILED");
    const started = events.filter((event) => event.eventType === "STEP_STARTED");
    expect(started).toHaveLength(1000);
    expect(events.filter((event) => event.eventType === "WORKFLOW_COMPLETED")).toHaveLength(0);
    expect(events.at(-1)).toMatchObject({
      eventType: "WORKFLOW_FAILED",
      payload: { error: expect.stringContaining("1000"), stepName: "loop" },
    });
    expect(run.steps.some((step) => step.stepName === "done")).toBe(false);
  }, 60_000);
});
