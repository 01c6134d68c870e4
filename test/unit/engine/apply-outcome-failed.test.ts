import { describe, expect, it } from "vitest";
import { LIMITS } from "../../../core/domain/limits";
import { isoAt } from "../../../core/domain/time";
import { apply, event, types } from "./apply-outcome-fixtures";
import { retry, runningRun, T0, task } from "./builders";

/**
 * applyOutcome with a failed outcome: retries with the policy's backoff, failing the run once no attempt is
 * left or the error is not retryable, failures of waiting steps, and error texts cut to LIMITS.errorChars.
 */
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
