import { describe, expect, it } from "vitest";
import { BoundCode, BoundExceeded, LIMITS } from "../../../core/domain/limits";
import type { StepOutcome } from "../../../core/domain/step-outcome";
import { keepCompleted } from "../../../core/engine/rules/apply-outcome";
import { apply, event, types } from "./apply-outcome-fixtures";
import { retry, runningRun, task } from "./builders";

/**
 * The bounds on what a completed step keeps (LIMITS.jsonDepth, LIMITS.stepOutputBytes, LIMITS.stateBytes):
 * applyOutcome failing the step and the run for good past them, and keepCompleted at and just past each.
 */
/** An object nested `levels` objects deep, the outermost included. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: true };
  for (let i = 1; i < levels; i++) value = { n: value };
  return value;
}

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
