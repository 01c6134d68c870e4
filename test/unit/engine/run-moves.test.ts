import { describe, expect, it } from "vitest";
import { BoundCode, LIMITS } from "../../../core/domain/limits";
import { failRun, leaseFor, markStarted, startNextStep } from "../../../core/engine/rules/run-moves";
import { event, steps, types } from "./apply-outcome-fixtures";
import { lease, MINUTE, runningRun, runRecord, T0, transition } from "./builders";

/**
 * The run moves around applyOutcome: startNextStep (starting the step the cursor names, within
 * LIMITS.stepsPerRun), failRun, markStarted and leaseFor.
 */
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
