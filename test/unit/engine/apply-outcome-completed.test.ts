import { describe, expect, it } from "vitest";
import { isoAt } from "../../../core/domain/time";
import { apply, event, types } from "./apply-outcome-fixtures";
import { runningRun, SECOND, T0, task } from "./builders";

/**
 * applyOutcome with a completed outcome: where the step's output goes in the run's state, which step comes
 * next, and the run's completion after its last step.
 */
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
