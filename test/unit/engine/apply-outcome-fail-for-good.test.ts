import { describe, expect, it } from "vitest";
import { childRunId } from "../../../core/domain/child-runs";
import { BoundCode } from "../../../core/domain/limits";
import { failForGood } from "../../../core/engine/rules/apply-outcome";
import { event, types } from "./apply-outcome-fixtures";
import { MINUTE, runningRun, runRecord, T0, transition } from "./builders";

/**
 * failForGood: failing a run for good, whatever its retry policy leaves, from each status it may be in, and
 * naming the step it failed at.
 */
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

  it("stops waiting for a parallel step's live children, to be cancelled once the change commits", () => {
    const run = runningRun({
      stepStatus: "WAITING",
      lease: null,
      wait: {
        kind: "children",
        total: 3,
        started: 3,
        results: [{ status: "COMPLETED", output: {} }, null, null],
        launch: [],
        pollAtMs: null,
        deadlineMs: null,
      },
    });
    const tx = transition(run);
    failForGood(tx, "advance failed", BoundCode.ADVANCE_FAILED);
    const stepRun = run.active?.stepRun;
    if (!stepRun) throw new Error("the run has an active step");
    // Children 1 and 2 still run: a failed parent that forgot them would leave them running, and spending.
    expect(tx.run.childrenToCancel).toEqual([
      childRunId(stepRun.id, stepRun.attempt, 1),
      childRunId(stepRun.id, stepRun.attempt, 2),
    ]);
    expect(tx.run.active).toMatchObject({ wait: null, stepRun: { status: "FAILED" } });
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
