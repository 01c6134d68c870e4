import { beforeAll, describe, expect, it } from "vitest";
import { DYNAMODB_BOUNDS } from "../../core/adapters/dynamodb/table/item-size";
import { LIMITS } from "../../core/domain/limits";
import type { RunCommit } from "../../core/domain/run-commit";
import type { EventBody } from "../helpers/api-types";
import { answer, type EngineHarness, engineHarness, startTestServer, task } from "../helpers/engine";
import { incompressible } from "../helpers/incompressible";
import { expectError } from "../helpers/requests";

/**
 * docs/limits.md, as a run meets it: every bound crossed while a run executes fails the step at once with
 * its code (no retry, since the same data crosses it again), and the run ends FAILED with the reason.
 */
let h: EngineHarness;

beforeAll(async () => {
  h = await engineHarness({ realTime: true });
});

async function runToEnd(steps: unknown[], input: Record<string, unknown> = {}) {
  const runId = await h.start(await h.define(steps), input);
  await h.waitFor(runId, ["COMPLETED", "FAILED"], 20_000);
  return { runId, run: await h.getRun(runId), events: await h.events(runId) };
}

const failure = (events: EventBody[], type: "STEP_FAILED" | "WORKFLOW_FAILED") =>
  events.find((event) => event.eventType === type)?.payload;

function expectFailedOnce(events: EventBody[], code: string) {
  expect(events.filter((event) => event.eventType === "STEP_FAILED")).toHaveLength(1);
  expect(events.some((event) => event.eventType === "STEP_RETRYING")).toBe(false);
  expect(failure(events, "STEP_FAILED")).toMatchObject({ code, attempt: 1 });
  expect(failure(events, "WORKFLOW_FAILED")).toMatchObject({ code });
}

const placeholders = (count: number) => "{{a}}".repeat(count);
/** With retries allowed, so that a test sees that the bound's failure does not use them. */
const retried = (step: ReturnType<typeof task>) => ({ ...step, retry: { maxAttempts: 3, backoffMs: 10 } });

describe("rendered templates", () => {
  // The amplification seen in the hardening issue: 500 placeholders of a 60 KB input would render 30 MB.
  for (const count of [500, 8]) {
    it(`fails the step with TEMPLATE_TOO_LARGE when ${count} placeholders render a 60 KB input`, async () => {
      const started = Date.now();
      const { run, events } = await runToEnd(
        [retried(task("amplify", "set_state", { values: { x: placeholders(count) } }))],
        { a: "a".repeat(60_000) },
      );
      expect(run.status).toBe("FAILED");
      expectFailedOnce(events, "TEMPLATE_TOO_LARGE");
      expect(Date.now() - started).toBeLessThan(10_000);
    });
  }

  it("renders a template right up to the bound", async () => {
    const half = "a".repeat(LIMITS.renderedTemplateBytes / 2 - 100);
    const { run } = await runToEnd([task("fill", "set_state", { values: { x: placeholders(2) } })], {
      a: half,
    });
    expect(run.status).toBe("COMPLETED");
    expect(run.output?.x).toBe(half + half);
  });
});

describe("step outputs", () => {
  it("fails an http step whose answer is over the output bound, without sending the request again", async () => {
    const server = await startTestServer((_request, _n, res) =>
      answer(res, 200, { blob: "b".repeat(LIMITS.stepOutputBytes) }),
    );
    const { run, events } = await runToEnd([retried(task("fetch", "http", { url: `${server.url}/big` }))]);
    expect(run.status).toBe("FAILED");
    expectFailedOnce(events, "OUTPUT_TOO_LARGE");
    expect(server.requests).toHaveLength(1);
  });

  it("fails an http step whose JSON answer nests 10,000 levels deep, and the process goes on", async () => {
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    const server = await startTestServer((_request, _n, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(deep);
    });
    const { run, events } = await runToEnd([task("fetch", "http", { url: `${server.url}/deep` })]);
    expect(run.status).toBe("FAILED");
    expectFailedOnce(events, "OUTPUT_TOO_DEEP");
  });

  it("fails the step that would grow the state past its bound with STATE_TOO_LARGE", async () => {
    const { run, events } = await runToEnd(
      [
        task("one", "set_state", { values: { one: "{{a}}" } }),
        task("two", "set_state", { values: { two: "{{a}}" } }),
      ],
      { a: "s".repeat(LIMITS.runInputBytes - 1000) },
    );
    expect(run.status).toBe("FAILED");
    expect(run.steps.map((step) => [step.stepName, step.status])).toEqual([
      ["one", "COMPLETED"],
      ["two", "FAILED"],
    ]);
    expect(failure(events, "WORKFLOW_FAILED")).toMatchObject({ code: "STATE_TOO_LARGE", stepName: "two" });
  });
});

describe("what callers send into a waiting run", () => {
  async function waitingForSignal(input: Record<string, unknown> = {}, before: unknown[] = []) {
    const runId = await h.start(
      await h.define([...before, { type: "external_event", name: "upload", signalType: "doc" }]),
      input,
    );
    await h.waitFor(runId, ["WAITING"]);
    return runId;
  }
  const resume = (runId: string, payload: unknown) =>
    h.call("POST", `/v1/workflow-runs/${runId}/resume`, { signalType: "doc", payload });

  it("refuses a signal payload over its bound with 400 and leaves the run waiting", async () => {
    const runId = await waitingForSignal();
    const error = await expectError(
      await resume(runId, { x: "p".repeat(LIMITS.signalPayloadBytes) }),
      400,
      "VALIDATION_ERROR",
    );
    expect(error.details).toMatchObject({ issues: [{ path: "payload" }] });
    expect((await h.getRun(runId)).status).toBe("WAITING");
  });

  it("refuses a signal that would grow the state past its bound with 400, nothing written", async () => {
    // The input is in the state once, and a copy of it twice: the state then nearly fills its bound.
    const runId = await waitingForSignal({ a: "i".repeat(LIMITS.stateBytes / 2 - 3000) }, [
      task("copy", "set_state", { values: { copy: "{{a}}" } }),
    ]);
    const error = await expectError(await resume(runId, { x: "p".repeat(10_000) }), 400, "VALIDATION_ERROR");
    expect(error.details).toMatchObject({ code: "STATE_TOO_LARGE", issues: [{ path: "payload" }] });
    const run = await h.getRun(runId);
    expect(run.status).toBe("WAITING");
    expect((await h.events(runId)).map((event) => event.eventType)).not.toContain("SIGNAL_RECEIVED");
  });

  it("accepts a signal payload at its bound", async () => {
    const runId = await waitingForSignal();
    const payload = { x: "p".repeat(LIMITS.signalPayloadBytes - 10) };
    expect((await resume(runId, payload)).status).toBe(200);
    await h.waitFor(runId, ["COMPLETED"]);
  });

  it("refuses an approval edit over its bound with 400 and keeps the request pending", async () => {
    const runId = await h.start(await h.define([{ type: "approval", name: "review", contentKey: "input" }]), {
      draft: "d",
    });
    await h.waitFor(runId, ["PAUSED"]);
    const approval = (await h.approvals("true")).find((candidate) => candidate.workflowRunId === runId);
    const decide = (editedContent: unknown) =>
      h.call("POST", `/v1/approval-requests/${approval?.id}/decide`, { decision: "edited", editedContent });
    const error = await expectError(
      await decide({ text: "e".repeat(LIMITS.approvalEditBytes) }),
      400,
      "VALIDATION_ERROR",
    );
    expect(error.details).toMatchObject({ issues: [{ path: "editedContent" }] });
    expect((await h.getRun(runId)).status).toBe("PAUSED");
    // The edit lands in the state twice (under contentKey and in the step's output): half the bound fits.
    expect((await decide({ text: "e".repeat(LIMITS.approvalEditBytes / 2) })).status).toBe(200);
    await h.waitFor(runId, ["COMPLETED"]);
  });
});

describe("a change the store cannot take", () => {
  /** Lets a test spoil the commits of its own runs only: the store and engine stay the real ones. */
  function spoilCommits(spoil: (commit: RunCommit) => void) {
    const runs = h.t.deps.store.runs;
    const commit = runs.commit.bind(runs);
    runs.commit = async (change) => {
      spoil(change.commit);
      return commit(change);
    };
  }

  beforeAll(() => {
    spoilCommits((change) => {
      // A step that marks the state makes its commit write an item over 400 KB.
      if (change.run.state.oversize === true)
        change.run.input = { pad: incompressible(2 * DYNAMODB_BOUNDS.itemBytes) };
      if (change.run.state.explode === true) throw new Error("the disk is on fire");
    });
  });

  it("fails the step and the run with ITEM_TOO_LARGE, without the oversized data", async () => {
    const { run, events } = await runToEnd([
      task("mark", "set_state", { values: { oversize: true } }),
      task("never", "noop"),
    ]);
    expect(run.status).toBe("FAILED");
    expect(run.input).toEqual({});
    expect(failure(events, "WORKFLOW_FAILED")).toMatchObject({ code: "ITEM_TOO_LARGE" });
    expect(run.steps.map((step) => step.stepName)).not.toContain("never");
  });

  it("fails a run whose advance keeps failing before it can commit, after the bound's deliveries", async () => {
    const { run, events } = await runToEnd([task("mark", "set_state", { values: { explode: true } })]);
    expect(run.status).toBe("FAILED");
    const reason = failure(events, "WORKFLOW_FAILED");
    expect(reason).toMatchObject({ code: "ADVANCE_FAILED" });
    expect(String(reason?.error)).toContain(`failed ${LIMITS.failedAdvances} times`);
    expect(String(reason?.error)).toContain("the disk is on fire");
  });
});
