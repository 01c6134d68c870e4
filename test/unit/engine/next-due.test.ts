import { describe, expect, it } from "vitest";
import {
  DEFAULT_LEASE_MS,
  DOORBELL_GRACE_MS,
  nextDueAtMs,
  SWEEP_BUCKET_MS,
  sweepDueAtMs,
} from "../../../core/domain/run-due";
import { RunStatus } from "../../../core/domain/statuses";
import { isoAt } from "../../../core/domain/time";
import { active, lease, MINUTE, runningRun, runRecord, T0 } from "./builders";

/** T0 is a whole multiple of the sweep bucket (midnight), which the rounding cases rely on. */
const updatedAt = isoAt(T0);

describe("nextDueAtMs", () => {
  it("gives a PENDING run the lease its start would take, so the start leaves its sweep entry in its bucket", () => {
    expect(nextDueAtMs(runRecord({ updatedAt }))).toBe(T0 + DEFAULT_LEASE_MS);
    expect(DEFAULT_LEASE_MS).toBe(10 * MINUTE);
    // Created a minute into a bucket and started 900 ms later: both in the bucket ending at T0 + 15 minutes.
    const lease900msLater = lease("w", { untilMs: T0 + MINUTE + 900 + DEFAULT_LEASE_MS });
    const started = runningRun({ updatedAt: isoAt(T0 + MINUTE + 900), lease: lease900msLater });
    expect(sweepDueAtMs(runRecord({ updatedAt: isoAt(T0 + MINUTE) }))).toBe(T0 + 15 * MINUTE);
    expect(sweepDueAtMs(started)).toBe(T0 + 15 * MINUTE);
  });

  it("gives a debounced run the same after its window closes", () => {
    const debounceWindow = { key: "k", periodMs: MINUTE, startAtMs: T0 + 10 * MINUTE, creations: 2 };
    expect(nextDueAtMs(runRecord({ updatedAt, debounceWindow }))).toBe(T0 + 10 * MINUTE + DEFAULT_LEASE_MS);
  });

  it("gives a RUNNING run between steps the same grace for its unclaimed next step", () => {
    expect(nextDueAtMs(runningRun({ updatedAt, active: null, nextStepName: "b" }))).toBe(
      T0 + DOORBELL_GRACE_MS,
    );
  });

  it("is a lease's expiry", () => {
    const run = runningRun({ updatedAt, lease: lease("w", { untilMs: T0 + 1 }) });
    expect(nextDueAtMs(run)).toBe(T0 + 1);
  });

  it("is a failed step's retry time", () => {
    const run = runningRun({ updatedAt, stepStatus: "FAILED", lease: null, retryAtMs: T0 + 1234 });
    expect(nextDueAtMs(run)).toBe(T0 + 1234);
  });

  it("is a timer's end", () => {
    const run = runRecord({
      updatedAt,
      status: "WAITING",
      active: active({
        stepStatus: "WAITING",
        lease: null,
        wait: { kind: "timer", untilMs: T0 + 99 * MINUTE },
      }),
    });
    expect(nextDueAtMs(run)).toBe(T0 + 99 * MINUTE);
  });

  it("is a signal's or an approval's deadline", () => {
    const signal = runRecord({
      updatedAt,
      status: "WAITING",
      active: active({
        stepStatus: "WAITING",
        lease: null,
        wait: { kind: "signal", signalType: "paid", deadlineMs: T0 + 5 },
      }),
    });
    const approval = runRecord({
      updatedAt,
      status: "PAUSED",
      active: active({
        stepStatus: "WAITING",
        lease: null,
        wait: { kind: "approval", approvalRequestId: "apr_1", deadlineMs: T0 + 6 },
      }),
    });
    expect(nextDueAtMs(signal)).toBe(T0 + 5);
    expect(nextDueAtMs(approval)).toBe(T0 + 6);
  });

  it("is nothing for a wait only an outside action can end (no deadline)", () => {
    const signal = runRecord({
      updatedAt,
      status: "WAITING",
      active: active({
        stepStatus: "WAITING",
        lease: null,
        wait: { kind: "signal", signalType: "paid", deadlineMs: null },
      }),
    });
    const approval = runRecord({
      updatedAt,
      status: "PAUSED",
      active: active({
        stepStatus: "WAITING",
        lease: null,
        wait: { kind: "approval", approvalRequestId: "apr_1", deadlineMs: null },
      }),
    });
    expect(nextDueAtMs(signal)).toBeUndefined();
    expect(nextDueAtMs(approval)).toBeUndefined();
  });

  it("falls back to the grace for an active step with no lease, retry or wait", () => {
    expect(nextDueAtMs(runningRun({ updatedAt, lease: null }))).toBe(T0 + DOORBELL_GRACE_MS);
  });

  it.each([RunStatus.Completed, RunStatus.Failed, RunStatus.Cancelled, RunStatus.Superseded])(
    "is nothing for a %s run, even with a lease or a retry left on its step",
    (status) => {
      expect(nextDueAtMs(runningRun({ updatedAt, status }))).toBeUndefined();
      expect(
        nextDueAtMs(runningRun({ updatedAt, status, stepStatus: "FAILED", lease: null, retryAtMs: T0 })),
      ).toBeUndefined();
      expect(nextDueAtMs(runRecord({ updatedAt, status }))).toBeUndefined();
    },
  );
});

describe("sweepDueAtMs", () => {
  it("rounds the next due time up to the sweep bucket, so the index entry rarely moves", () => {
    expect(T0 % SWEEP_BUCKET_MS).toBe(0);
    const first = runningRun({ updatedAt, lease: lease("w", { untilMs: T0 + 1 }) });
    const second = runningRun({ updatedAt, lease: lease("w", { untilMs: T0 + SWEEP_BUCKET_MS - 1 }) });
    expect(sweepDueAtMs(first)).toBe(T0 + SWEEP_BUCKET_MS);
    expect(sweepDueAtMs(second)).toBe(T0 + SWEEP_BUCKET_MS);
    const timer = runRecord({
      updatedAt,
      status: "WAITING",
      active: active({ stepStatus: "WAITING", lease: null, wait: { kind: "timer", untilMs: T0 + 1000 } }),
    });
    expect(sweepDueAtMs(timer)).toBe(T0 + SWEEP_BUCKET_MS);
  });

  it("keeps a due time on a bucket boundary, and has none when nothing is due", () => {
    const run = runningRun({ updatedAt, lease: lease("w", { untilMs: T0 + 3 * SWEEP_BUCKET_MS }) });
    expect(sweepDueAtMs(run)).toBe(T0 + 3 * SWEEP_BUCKET_MS);
    expect(sweepDueAtMs(runRecord({ updatedAt, status: RunStatus.Completed }))).toBeUndefined();
  });
});
