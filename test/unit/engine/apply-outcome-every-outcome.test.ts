import { describe, expect, it } from "vitest";
import type { AttemptCost } from "../../../core/domain/cost-record";
import type { StepOutcome } from "../../../core/domain/step-outcome";
import { isoAt } from "../../../core/domain/time";
import { apply } from "./apply-outcome-fixtures";
import { MINUTE, runningRun, T0 } from "./builders";

/**
 * What applyOutcome does whatever the outcome: failedAdvances cleared, the lease released, the attempt's own
 * events recorded first, its cost handed on, and a cursor that names no step refused.
 */
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
