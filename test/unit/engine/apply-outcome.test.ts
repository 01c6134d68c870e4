import { describe, expect, it } from "vitest";
import type { AttemptCost } from "../../../core/domain/cost-record";
import { BoundCode, BoundExceeded, LIMITS } from "../../../core/domain/limits";
import type { RunCommit } from "../../../core/domain/run-change";
import type { StepOutcome } from "../../../core/domain/step-outcome";
import { isoAt } from "../../../core/domain/time";
import { applyOutcome, failForGood, keepCompleted } from "../../../core/engine/apply-outcome";
import { failRun, leaseFor, markStarted, startNextStep } from "../../../core/engine/run-moves";
import {
  fixedIds,
  lease,
  MINUTE,
  retry,
  runningRun,
  runRecord,
  SECOND,
  T0,
  task,
  transition,
} from "./builders";

const steps = [task("a"), task("b")];

const types = (commit: RunCommit) => commit.events.map((event) => event.eventType);
const event = (commit: RunCommit, type: string) => {
  const found = commit.events.find((e) => e.eventType === type);
  if (!found) throw new Error(`no ${type} among ${types(commit).join(", ")}`);
  return found;
};

/** Applies `outcome` to step `a` of `run` at T0 and returns the transition and its commit. */
function apply(outcome: StepOutcome, run = runningRun(), definition = steps) {
  const ids = fixedIds();
  const tx = transition(run, T0, ids);
  const effects = applyOutcome(tx, definition, outcome, ids);
  return { tx, effects, commit: tx.finish() };
}

/** An object nested `levels` objects deep, the outermost included. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: true };
  for (let i = 1; i < levels; i++) value = { n: value };
  return value;
}

describe("applyOutcome: completed", () => {
  it("keeps the output under the step's name and moves the cursor to the next step", () => {
    const { tx, commit } = apply(
      { kind: "completed", output: { total: 42 }, input: { rendered: true } },
      runningRun({ state: { earlier: 1 } }),
    );
    expect(tx.run.state).toEqual({ earlier: 1, a: { total: 42 } });
    expect(tx.run.status).toBe("RUNNING");
    expect(tx.run.active).toBeNull();
    expect(tx.run.nextStepName).toBe("b");
    expect(types(commit)).toEqual(["STEP_COMPLETED"]);
    // startedAt was 10 s before T0.
    expect(event(commit, "STEP_COMPLETED")).toMatchObject({
      stepRunId: "stp_1",
      payload: { stepName: "a", durationMs: 10 * SECOND },
    });
    expect(commit.stepRuns).toEqual([
      expect.objectContaining({
        id: "stp_1",
        status: "COMPLETED",
        input: { rendered: true },
        output: { total: 42 },
        completedAt: isoAt(T0),
      }),
    ]);
  });

  it("keeps the output under the step's outputKey instead of its name", () => {
    const { tx } = apply({ kind: "completed", output: { total: 42 } }, runningRun(), [
      task("a", { outputKey: "invoice" }),
      task("b"),
    ]);
    expect(tx.run.state).toEqual({ invoice: { total: 42 } });
  });

  it("merges the output into the state when the step asks to, overwriting keys it names", () => {
    const { tx } = apply(
      { kind: "completed", output: { total: 42, customer: "Bo" }, mergeIntoState: true },
      runningRun({ state: { customer: "Ada", kept: true } }),
    );
    expect(tx.run.state).toEqual({ customer: "Bo", kept: true, total: 42 });
  });

  it("puts stateValue in the state while the step run keeps the full output", () => {
    const { tx, commit } = apply({
      kind: "completed",
      output: { text: "hi", usage: { tokens: 7 } },
      stateValue: { text: "hi" },
    });
    expect(tx.run.state).toEqual({ a: { text: "hi" } });
    expect(commit.stepRuns[0]?.output).toEqual({ text: "hi", usage: { tokens: 7 } });
  });

  it("goes on at the step a condition names rather than the next in the list", () => {
    const { tx } = apply({ kind: "completed", output: {}, nextStepName: "a" });
    expect(tx.run.nextStepName).toBe("a");
    expect(tx.run.status).toBe("RUNNING");
  });

  it("completes the run after its last step, with the state as output", () => {
    const run = runningRun({ stepName: "b", stepIndex: 1, state: { a: { x: 1 } } });
    const { tx, commit } = apply({ kind: "completed", output: { y: 2 } }, run);
    expect(tx.run.status).toBe("COMPLETED");
    expect(tx.run.nextStepName).toBeNull();
    expect(tx.run.active).toBeNull();
    expect(tx.run.output).toEqual({ a: { x: 1 }, b: { y: 2 } });
    expect(types(commit)).toEqual(["STEP_COMPLETED", "WORKFLOW_COMPLETED"]);
    // The run started 30 s before T0.
    expect(event(commit, "WORKFLOW_COMPLETED")).toMatchObject({
      stepRunId: null,
      payload: { output: { a: { x: 1 }, b: { y: 2 } }, durationMs: 30 * SECOND },
    });
  });

  it("does not complete the run when the last step is a condition that loops back", () => {
    const run = runningRun({ stepName: "b", stepIndex: 1 });
    const { tx, commit } = apply({ kind: "completed", output: {}, nextStepName: "a" }, run);
    expect(tx.run.status).toBe("RUNNING");
    expect(tx.run.nextStepName).toBe("a");
    expect(types(commit)).toEqual(["STEP_COMPLETED"]);
  });

  it("completes a WAITING step (a timer's end) and brings the run back to RUNNING", () => {
    const run = runningRun({
      status: "WAITING",
      stepStatus: "WAITING",
      lease: null,
      wait: { kind: "timer", untilMs: T0 },
    });
    const { tx, commit } = apply({ kind: "completed", output: {} }, run);
    expect(tx.run.status).toBe("RUNNING");
    expect(tx.run.nextStepName).toBe("b");
    expect(commit.stepRuns[0]?.status).toBe("COMPLETED");
  });
});

describe("applyOutcome: waiting and approval", () => {
  it("leaves the step WAITING on its wait, the run WAITING, and the lease released", () => {
    const { tx, commit, effects } = apply({
      kind: "waiting",
      wait: { kind: "signal", signalType: "paid", deadlineMs: T0 + MINUTE },
    });
    expect(tx.run.status).toBe("WAITING");
    expect(tx.run.active).toMatchObject({
      lease: null,
      wait: { kind: "signal", signalType: "paid", deadlineMs: T0 + MINUTE },
      stepRun: { status: "WAITING" },
    });
    expect(commit.events).toEqual([]);
    expect(effects).toEqual({});
  });

  it("pauses the run for approval, records APPROVAL_REQUESTED and asks for the request in the same commit", () => {
    const { tx, commit, effects } = apply({
      kind: "approval",
      contentKey: "draft",
      content: { text: "hello" },
      prompt: "Send it?",
      nudges: [],
      deadlineMs: T0 + 60 * MINUTE,
    });
    expect(tx.run.status).toBe("PAUSED");
    expect(tx.run.active).toMatchObject({
      lease: null,
      wait: { kind: "approval", approvalRequestId: "apr_1", deadlineMs: T0 + 60 * MINUTE },
      stepRun: { status: "WAITING" },
    });
    expect(types(commit)).toEqual(["APPROVAL_REQUESTED"]);
    expect(event(commit, "APPROVAL_REQUESTED")).toMatchObject({
      stepRunId: "stp_1",
      payload: { stepName: "a", approvalRequestId: "apr_1" },
    });
    expect(effects.createApproval).toEqual({
      id: "apr_1",
      workflowRunId: "run_1",
      stepRunId: "stp_1",
      stepName: "a",
      contentKey: "draft",
      content: { text: "hello" },
      prompt: "Send it?",
      decision: null,
      decidedBy: null,
      decidedAt: null,
      expiredAt: null,
      createdAt: isoAt(T0),
      comment: null,
      revision: 1,
      previousRequestId: null,
      assignees: [],
      definitionId: "def_1",
      votes: [],
      escalatedTo: [],
      kind: "step",
      deadlineAt: isoAt(T0 + 60 * MINUTE),
    });
  });
});

describe("applyOutcome: failed", () => {
  const retrying = [task("a", { retry: retry({ maxAttempts: 3, backoffMs: 1000, backoffMultiplier: 3 }) })];

  it("schedules a retry with the policy's backoff while attempts remain and the error is retryable", () => {
    const run = runningRun({ attempt: 2 });
    const { tx, commit } = apply({ kind: "failed", error: "503", retryable: true }, run, retrying);
    // After attempt 2: 1000 * 3^1.
    expect(tx.run.active?.retryAtMs).toBe(T0 + 3000);
    expect(tx.run.active?.lease).toBeNull();
    expect(tx.run.status).toBe("RUNNING");
    expect(types(commit)).toEqual(["STEP_FAILED", "STEP_RETRYING"]);
    expect(event(commit, "STEP_FAILED").payload).toEqual({ stepName: "a", error: "503", attempt: 2 });
    expect(event(commit, "STEP_FAILED").payload).not.toHaveProperty("code");
    expect(event(commit, "STEP_RETRYING")).toMatchObject({
      stepRunId: "stp_1",
      payload: { stepName: "a", attempt: 3, delayMs: 3000, error: "503" },
    });
    expect(tx.run.active?.stepRun).toMatchObject({ status: "FAILED", error: "503", completedAt: isoAt(T0) });
  });

  it("caps the backoff at the policy's maxBackoffMs", () => {
    const capped = [task("a", { retry: retry({ maxAttempts: 20, backoffMs: 1000, maxBackoffMs: 5000 }) })];
    const { tx, commit } = apply(
      { kind: "failed", error: "x", retryable: true },
      runningRun({ attempt: 10 }),
      capped,
    );
    expect(tx.run.active?.retryAtMs).toBe(T0 + 5000);
    expect(event(commit, "STEP_RETRYING").payload).toMatchObject({ delayMs: 5000 });
  });

  it("fails the run once the last attempt fails", () => {
    const run = runningRun({ attempt: 3 });
    const { tx, commit } = apply({ kind: "failed", error: "503", retryable: true }, run, retrying);
    expect(tx.run.status).toBe("FAILED");
    expect(tx.run.active?.retryAtMs).toBeNull();
    expect(types(commit)).toEqual(["STEP_FAILED", "WORKFLOW_FAILED"]);
    expect(event(commit, "WORKFLOW_FAILED")).toMatchObject({
      stepRunId: null,
      payload: { error: "503", stepName: "a" },
    });
    expect(event(commit, "WORKFLOW_FAILED").payload).not.toHaveProperty("code");
  });

  it("does not retry a step without a retry policy (one attempt by default)", () => {
    const { tx, commit } = apply({ kind: "failed", error: "boom", retryable: true });
    expect(tx.run.status).toBe("FAILED");
    expect(types(commit)).toEqual(["STEP_FAILED", "WORKFLOW_FAILED"]);
  });

  it("fails the run at once for a non-retryable error, with its code, though attempts remain", () => {
    const { tx, commit } = apply(
      { kind: "failed", error: "bad config", retryable: false, code: "BAD_CONFIG" },
      runningRun({ attempt: 1 }),
      retrying,
    );
    expect(tx.run.status).toBe("FAILED");
    expect(types(commit)).toEqual(["STEP_FAILED", "WORKFLOW_FAILED"]);
    expect(event(commit, "STEP_FAILED").payload).toEqual({
      stepName: "a",
      error: "bad config",
      attempt: 1,
      code: "BAD_CONFIG",
    });
    expect(event(commit, "WORKFLOW_FAILED").payload).toEqual({
      error: "bad config",
      stepName: "a",
      code: "BAD_CONFIG",
    });
  });

  it("brings a PAUSED run back to RUNNING when its approval step fails, and clears the wait", () => {
    const run = runningRun({
      status: "PAUSED",
      stepStatus: "WAITING",
      lease: null,
      wait: { kind: "approval", approvalRequestId: "apr_9", deadlineMs: T0 },
    });
    const { tx, commit } = apply(
      { kind: "failed", error: "approval timed out", retryable: true },
      run,
      retrying,
    );
    expect(tx.run.status).toBe("RUNNING");
    expect(tx.run.active).toMatchObject({ wait: null, retryAtMs: T0 + 1000, stepRun: { status: "FAILED" } });
    expect(types(commit)).toEqual(["STEP_FAILED", "STEP_RETRYING"]);
  });

  it("fails a WAITING run whose signal timed out with no retries left", () => {
    const run = runningRun({
      status: "WAITING",
      stepStatus: "WAITING",
      lease: null,
      wait: { kind: "signal", signalType: "paid", deadlineMs: T0 },
    });
    const { tx, commit } = apply({ kind: "failed", error: "external event timed out", retryable: true }, run);
    expect(tx.run.status).toBe("FAILED");
    expect(tx.run.active?.wait).toBeNull();
    expect(types(commit)).toEqual(["STEP_FAILED", "WORKFLOW_FAILED"]);
  });

  it("cuts error texts longer than LIMITS.errorChars on the step run and both failure events", () => {
    const long = "e".repeat(LIMITS.errorChars + 500);
    const cut = `${"e".repeat(LIMITS.errorChars)}…`;
    const { tx, commit } = apply({ kind: "failed", error: long, retryable: false });
    expect(tx.run.active?.stepRun.error).toBe(cut);
    expect(event(commit, "STEP_FAILED").payload).toMatchObject({ error: cut });
    expect(event(commit, "WORKFLOW_FAILED").payload).toMatchObject({ error: cut });
  });

  it("cuts the error text that STEP_RETRYING repeats as well", () => {
    const long = "e".repeat(LIMITS.errorChars + 500);
    const { commit } = apply({ kind: "failed", error: long, retryable: true }, undefined, retrying);
    expect(event(commit, "STEP_RETRYING").payload).toMatchObject({
      error: `${"e".repeat(LIMITS.errorChars)}…`,
    });
  });

  it("keeps an error text of exactly LIMITS.errorChars as it is", () => {
    const exact = "e".repeat(LIMITS.errorChars);
    const { commit } = apply({ kind: "failed", error: exact, retryable: false });
    expect(event(commit, "STEP_FAILED").payload).toMatchObject({ error: exact });
  });
});

describe("applyOutcome: what every outcome does", () => {
  const outcomes: [string, StepOutcome][] = [
    ["completed", { kind: "completed", output: {} }],
    ["waiting", { kind: "waiting", wait: { kind: "timer", untilMs: T0 + MINUTE } }],
    [
      "approval",
      { kind: "approval", contentKey: "k", content: {}, prompt: null, deadlineMs: null, nudges: [] },
    ],
    ["failed", { kind: "failed", error: "x", retryable: true }],
  ];

  it.each(outcomes)("clears failedAdvances once a %s outcome is applied", (_name, outcome) => {
    const { tx } = apply(outcome, runningRun({ failedAdvances: 3 }));
    expect(tx.run.failedAdvances).toBeUndefined();
    expect("failedAdvances" in tx.run).toBe(false);
  });

  it.each(outcomes)("releases the lease on a %s outcome", (_name, outcome) => {
    const { tx } = apply(outcome);
    if (tx.run.active) expect(tx.run.active.lease).toBeNull();
  });

  it("records the attempt's own events first, in order, numbered after the run's last event", () => {
    const { commit } = apply({
      kind: "completed",
      output: {},
      events: [
        {
          eventType: "LLM_CALL_STARTED",
          payload: { stepName: "a", model: "m", provider: "p", round: 1 },
        },
        {
          eventType: "TOOL_CALL_EXECUTED",
          payload: { stepName: "a", tool: "t", durationMs: 5, ok: true },
        },
      ],
    });
    expect(commit.events.map((e) => [e.seq, e.eventType, e.stepRunId, e.id])).toEqual([
      [3, "LLM_CALL_STARTED", "stp_1", "evt_1"],
      [4, "TOOL_CALL_EXECUTED", "stp_1", "evt_2"],
      [5, "STEP_COMPLETED", "stp_1", "evt_3"],
    ]);
    expect(commit.run.eventSeq).toBe(5);
    expect(commit.events.every((e) => e.workflowRunId === "run_1" && e.createdAt === isoAt(T0))).toBe(true);
  });

  it("hands the attempt's cost on whatever the outcome, a failure included", () => {
    const cost: AttemptCost = {
      id: "cst_1",
      workspaceId: "wsp_1",
      workflowRunId: "run_1",
      stepRunId: "stp_1",
      attempt: 1,
      calls: [],
    };
    expect(apply({ kind: "failed", error: "x", retryable: false, cost }).effects.cost).toBe(cost);
    expect(apply({ kind: "completed", output: {}, cost }).effects.cost).toBe(cost);
    expect(apply({ kind: "completed", output: {} }).effects).not.toHaveProperty("cost");
  });

  it("refuses a cursor that names no step of the definition", () => {
    expect(() => apply({ kind: "completed", output: {} }, runningRun({ stepIndex: 5 }))).toThrow(/index 5/);
  });
});

describe("applyOutcome: bounds on a completed step", () => {
  const generous = [task("a", { retry: retry({ maxAttempts: 5 }) }), task("b")];

  it.each([
    ["OUTPUT_TOO_DEEP", { kind: "completed", output: nested(LIMITS.jsonDepth + 1) }],
    ["OUTPUT_TOO_DEEP", { kind: "completed", output: {}, stateValue: nested(LIMITS.jsonDepth + 1) }],
    ["OUTPUT_TOO_LARGE", { kind: "completed", output: { big: "x".repeat(LIMITS.stepOutputBytes) } }],
  ] as [BoundCode, StepOutcome][])("fails the step and the run for good with %s", (code, outcome) => {
    const { tx, commit } = apply(outcome, runningRun({ state: { before: 1 } }), generous);
    expect(tx.run.status).toBe("FAILED");
    expect(tx.run.state).toEqual({ before: 1 });
    expect(tx.run.active?.stepRun.status).toBe("FAILED");
    expect(tx.run.active?.retryAtMs).toBeNull();
    expect(types(commit)).toEqual(["STEP_FAILED", "WORKFLOW_FAILED"]);
    expect(event(commit, "STEP_FAILED").payload).toMatchObject({ code });
    expect(event(commit, "WORKFLOW_FAILED").payload).toMatchObject({ code, stepName: "a" });
  });

  it("fails the step for good with STATE_TOO_LARGE when the output would overgrow the state", () => {
    const half = "s".repeat(LIMITS.stateBytes / 2);
    const run = runningRun({ state: { first: half } });
    const { tx, commit } = apply({ kind: "completed", output: { second: half } }, run, generous);
    expect(tx.run.status).toBe("FAILED");
    expect(tx.run.state).toEqual({ first: half });
    expect(event(commit, "WORKFLOW_FAILED").payload).toMatchObject({ code: BoundCode.STATE_TOO_LARGE });
  });
});

describe("keepCompleted", () => {
  const step = task("a");

  it("accepts an output nested exactly LIMITS.jsonDepth levels and refuses one more", () => {
    expect(keepCompleted({ state: {} }, step, { output: nested(LIMITS.jsonDepth) })).not.toBeInstanceOf(
      BoundExceeded,
    );
    const deep = keepCompleted({ state: {} }, step, { output: nested(LIMITS.jsonDepth + 1) });
    expect(deep).toBeInstanceOf(BoundExceeded);
    expect((deep as BoundExceeded).code).toBe(BoundCode.OUTPUT_TOO_DEEP);
  });

  it("accepts an output of exactly LIMITS.stepOutputBytes and refuses one byte more", () => {
    // {"x":"…"} is 8 bytes of JSON around the string.
    const fits = { x: "o".repeat(LIMITS.stepOutputBytes - 8) };
    const over = { x: "o".repeat(LIMITS.stepOutputBytes - 7) };
    // The state keeps a small stateValue, so only the output's own bound is in play.
    expect(keepCompleted({ state: {} }, step, { output: fits, stateValue: {} })).toEqual({ a: {} });
    const refused = keepCompleted({ state: {} }, step, { output: over, stateValue: {} });
    expect((refused as BoundExceeded).code).toBe(BoundCode.OUTPUT_TOO_LARGE);
    expect((refused as BoundExceeded).message).toContain(String(LIMITS.stepOutputBytes));
  });

  it("measures the state as it would become, not the output alone", () => {
    const big = "s".repeat(LIMITS.stateBytes - 100);
    const refused = keepCompleted({ state: { big } }, step, { output: { more: "m".repeat(200) } });
    expect((refused as BoundExceeded).code).toBe(BoundCode.STATE_TOO_LARGE);
    // Replacing the step's own key frees its old value first.
    const replaced = keepCompleted({ state: { a: big } }, step, { output: { small: 1 } });
    expect(replaced).toEqual({ a: { small: 1 } });
  });

  it("does not touch the run's state it was given", () => {
    const run = { state: { kept: 1 } };
    keepCompleted(run, step, { output: { x: 1 } });
    expect(run.state).toEqual({ kept: 1 });
  });
});

describe("startNextStep", () => {
  const cursorOn = (name: string, stepsExecuted: number) =>
    runningRun({ active: null, nextStepName: name, stepsExecuted, eventSeq: 7, stepRunSeq: 3 });

  it("starts the step the cursor names, at its index, under the lease", () => {
    const tx = transition(cursorOn("b", 4));
    const granted = leaseFor("me", T0, 10 * MINUTE);
    startNextStep(tx, steps, granted);
    expect(tx.run.active).toMatchObject({
      stepIndex: 1,
      lease: granted,
      wait: null,
      retryAtMs: null,
      stepRun: { id: "stp_1", stepName: "b", stepType: "task", status: "RUNNING", attempt: 1 },
    });
    expect(tx.run.nextStepName).toBeNull();
    expect(tx.run.stepsExecuted).toBe(5);
    expect(tx.run.stepRunSeq).toBe(4);
    const commit = tx.finish();
    expect(commit.events).toEqual([
      expect.objectContaining({
        seq: 8,
        eventType: "STEP_STARTED",
        stepRunId: "stp_1",
        payload: { stepName: "b", stepType: "task", attempt: 1 },
      }),
    ]);
  });

  it("starts step number LIMITS.stepsPerRun", () => {
    const tx = transition(cursorOn("a", LIMITS.stepsPerRun - 1));
    startNextStep(tx, steps, lease("me"));
    expect(tx.run.status).toBe("RUNNING");
    expect(tx.run.stepsExecuted).toBe(LIMITS.stepsPerRun);
  });

  it("fails the run with STEP_LIMIT instead of starting a step past LIMITS.stepsPerRun", () => {
    const tx = transition(cursorOn("a", LIMITS.stepsPerRun));
    startNextStep(tx, steps, lease("me"));
    expect(tx.run.status).toBe("FAILED");
    expect(tx.run.active).toBeNull();
    expect(tx.run.nextStepName).toBeNull();
    expect(tx.run.stepsExecuted).toBe(LIMITS.stepsPerRun);
    const commit = tx.finish();
    expect(types(commit)).toEqual(["WORKFLOW_FAILED"]);
    expect(event(commit, "WORKFLOW_FAILED").payload).toMatchObject({
      stepName: "a",
      code: BoundCode.STEP_LIMIT,
      error: expect.stringContaining(String(LIMITS.stepsPerRun)),
    });
  });

  it("fails the run when the cursor names a step the definition lacks", () => {
    const tx = transition(cursorOn("gone", 1));
    startNextStep(tx, steps, lease("me"));
    expect(tx.run.status).toBe("FAILED");
    expect(tx.run.active).toBeNull();
    expect(event(tx.finish(), "WORKFLOW_FAILED").payload).toMatchObject({
      stepName: "gone",
      error: expect.stringContaining('"gone"'),
    });
  });
});

describe("failForGood", () => {
  it("starts, then fails, a PENDING run", () => {
    const tx = transition(runRecord());
    failForGood(tx, "too big", BoundCode.ITEM_TOO_LARGE);
    expect(tx.run.status).toBe("FAILED");
    expect(tx.run.startedAtMs).toBe(T0);
    const commit = tx.finish();
    expect(commit.events.map((e) => [e.seq, e.eventType])).toEqual([
      [1, "WORKFLOW_STARTED"],
      [2, "WORKFLOW_FAILED"],
    ]);
    expect(event(commit, "WORKFLOW_STARTED").payload).toEqual({
      definitionId: "def_1",
      input: { customer: "Ada" },
    });
    expect(event(commit, "WORKFLOW_FAILED").payload).toEqual({
      error: "too big",
      stepName: null,
      code: BoundCode.ITEM_TOO_LARGE,
    });
  });

  it("fails a RUNNING step and the run, whatever attempts its policy leaves", () => {
    const tx = transition(runningRun({ attempt: 1 }));
    failForGood(tx, "advance failed", BoundCode.ADVANCE_FAILED);
    expect(tx.run.status).toBe("FAILED");
    expect(tx.run.active).toMatchObject({ lease: null, retryAtMs: null, stepRun: { status: "FAILED" } });
    const commit = tx.finish();
    expect(types(commit)).toEqual(["STEP_FAILED", "WORKFLOW_FAILED"]);
    expect(event(commit, "STEP_FAILED").payload).toEqual({
      stepName: "a",
      error: "advance failed",
      attempt: 1,
      code: BoundCode.ADVANCE_FAILED,
    });
    expect(event(commit, "WORKFLOW_FAILED").payload).toMatchObject({
      stepName: "a",
      code: BoundCode.ADVANCE_FAILED,
    });
  });

  it("fails a PAUSED run's waiting step and the run", () => {
    const run = runningRun({
      status: "PAUSED",
      stepStatus: "WAITING",
      lease: null,
      wait: { kind: "approval", approvalRequestId: "apr_1", deadlineMs: null },
    });
    const tx = transition(run);
    failForGood(tx, "too big", BoundCode.ITEM_TOO_LARGE);
    expect(tx.run.status).toBe("FAILED");
    expect(tx.run.active).toMatchObject({ wait: null, stepRun: { status: "FAILED" } });
    expect(types(tx.finish())).toEqual(["STEP_FAILED", "WORKFLOW_FAILED"]);
  });

  it("fails a run whose step already failed without failing the step twice", () => {
    const run = runningRun({ stepStatus: "FAILED", lease: null, retryAtMs: T0 + MINUTE });
    const tx = transition(run);
    failForGood(tx, "too big", BoundCode.ITEM_TOO_LARGE);
    expect(tx.run.status).toBe("FAILED");
    expect(types(tx.finish())).toEqual(["WORKFLOW_FAILED"]);
  });

  it("names the step the cursor was about to start when no step is active", () => {
    const tx = transition(runningRun({ active: null, nextStepName: "b" }));
    failForGood(tx, "too big", BoundCode.ITEM_TOO_LARGE);
    expect(event(tx.finish(), "WORKFLOW_FAILED").payload).toMatchObject({ stepName: "b" });
  });
});

describe("failRun, markStarted, leaseFor", () => {
  it("failRun fails the run, drops the lease and records WORKFLOW_FAILED without a code unless given", () => {
    const tx = transition(runningRun());
    failRun(tx, "why", "a");
    expect(tx.run.status).toBe("FAILED");
    expect(tx.run.active?.lease).toBeNull();
    const payload = event(tx.finish(), "WORKFLOW_FAILED").payload;
    expect(payload).toEqual({ error: "why", stepName: "a" });
    expect(payload).not.toHaveProperty("code");
  });

  it("failRun refuses a run the tables do not let fail (a PAUSED one)", () => {
    const tx = transition(runningRun({ status: "PAUSED", stepStatus: "WAITING", lease: null }));
    expect(() => failRun(tx, "why", "a")).toThrow(/PAUSED/);
  });

  it("markStarted moves a PENDING run to RUNNING, notes when, and records WORKFLOW_STARTED", () => {
    const tx = transition(runRecord());
    markStarted(tx);
    expect(tx.run.status).toBe("RUNNING");
    expect(tx.run.startedAtMs).toBe(T0);
    expect(tx.finish().events).toEqual([
      expect.objectContaining({
        seq: 1,
        eventType: "WORKFLOW_STARTED",
        stepRunId: null,
        payload: { definitionId: "def_1", input: { customer: "Ada" } },
      }),
    ]);
  });

  it("leaseFor grants a lease from now for the duration", () => {
    expect(leaseFor("w1", T0, 5000)).toEqual({ owner: "w1", grantedAtMs: T0, untilMs: T0 + 5000 });
  });
});
