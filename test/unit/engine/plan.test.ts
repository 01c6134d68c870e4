import { describe, expect, it } from "vitest";
import type { StepWait } from "../../../core/domain/run-cursor";
import { RunStatus } from "../../../core/domain/statuses";
import { planNext, type WorkerIdentity } from "../../../core/engine/rules/plan";
import { active, lease, MINUTE, runningRun, runRecord, SECOND, T0 } from "./builders";

const me: WorkerIdentity = { owner: "me", takeOverLeasesGrantedBeforeMs: undefined };
/** The local service: this process started at T0 - 1 s; leases granted before then belong to a dead one. */
const localMe: WorkerIdentity = { owner: "me", takeOverLeasesGrantedBeforeMs: T0 - SECOND };

const kind = (...args: Parameters<typeof planNext>) => planNext(...args).kind;

describe("planNext: PENDING", () => {
  it("starts the run", () => {
    expect(kind(runRecord(), T0, me)).toBe("start-run");
  });

  it("starts a debounced run only once its window has closed", () => {
    const debounceWindow = { key: "k", periodMs: SECOND, startAtMs: T0 + 1, creations: 3 };
    expect(kind(runRecord({ debounceWindow }), T0, me)).toBe("nothing");
    expect(kind(runRecord({ debounceWindow }), T0 + 1, me)).toBe("start-run");
  });
});

describe("planNext: RUNNING with a RUNNING step", () => {
  it("executes the step under my own live lease", () => {
    expect(kind(runningRun({ lease: lease("me") }), T0, me)).toBe("execute");
  });

  it("takes over my own lease once it has run out instead of executing under it", () => {
    expect(kind(runningRun({ lease: lease("me", { untilMs: T0 }) }), T0, me)).toBe("take-over");
  });

  it("takes over another worker's lease that has run out", () => {
    expect(kind(runningRun({ lease: lease("other", { untilMs: T0 - 1 }) }), T0, me)).toBe("take-over");
  });

  it("takes over another worker's lease exactly when it runs out", () => {
    expect(kind(runningRun({ lease: lease("other", { untilMs: T0 }) }), T0, me)).toBe("take-over");
  });

  it("takes over a RUNNING step that has no lease at all", () => {
    expect(kind(runningRun({ lease: null }), T0, me)).toBe("take-over");
  });

  it("leaves another worker's live lease alone", () => {
    expect(kind(runningRun({ lease: lease("other", { untilMs: T0 + 1 }) }), T0, me)).toBe("nothing");
  });

  it("leaves another live lease alone where leases cannot be presumed dead (Lambda)", () => {
    const run = runningRun({ lease: lease("other", { grantedAtMs: T0 - 5 * MINUTE }) });
    expect(kind(run, T0, me)).toBe("nothing");
  });

  it("takes over, locally, a live lease granted before this process started", () => {
    const run = runningRun({ lease: lease("other", { grantedAtMs: T0 - 2 * SECOND }) });
    expect(kind(run, T0, localMe)).toBe("take-over");
  });

  it("leaves, locally, a live lease granted at or after this process started", () => {
    expect(kind(runningRun({ lease: lease("other", { grantedAtMs: T0 - SECOND }) }), T0, localMe)).toBe(
      "nothing",
    );
    expect(kind(runningRun({ lease: lease("other", { grantedAtMs: T0 }) }), T0, localMe)).toBe("nothing");
  });

  it("executes under my own lease even when it was granted before the process start bound", () => {
    const run = runningRun({ lease: lease("me", { grantedAtMs: T0 - 2 * SECOND }) });
    expect(kind(run, T0, localMe)).toBe("execute");
  });
});

describe("planNext: RUNNING without a running step", () => {
  it("starts the next step when the cursor names one", () => {
    expect(kind(runningRun({ active: null, nextStepName: "b" }), T0, me)).toBe("start-next");
  });

  it("does nothing when there is neither an active step nor a next one", () => {
    expect(kind(runningRun({ active: null, nextStepName: null }), T0, me)).toBe("nothing");
  });

  it("retries a FAILED step whose retry is due", () => {
    const run = runningRun({ stepStatus: "FAILED", lease: null, retryAtMs: T0 });
    expect(kind(run, T0, me)).toBe("retry-step");
    expect(kind(run, T0 + 1, me)).toBe("retry-step");
  });

  it("does not retry a FAILED step before its retry is due", () => {
    expect(kind(runningRun({ stepStatus: "FAILED", lease: null, retryAtMs: T0 + 1 }), T0, me)).toBe(
      "nothing",
    );
  });

  it("does nothing for a FAILED step with no retry scheduled", () => {
    expect(kind(runningRun({ stepStatus: "FAILED", lease: null, retryAtMs: null }), T0, me)).toBe("nothing");
  });

  it("does nothing for a step that is WAITING while the run is RUNNING", () => {
    expect(kind(runningRun({ stepStatus: "WAITING", lease: null }), T0, me)).toBe("nothing");
  });
});

describe("planNext: WAITING and PAUSED", () => {
  const waiting = (wait: StepWait | null, status: RunStatus = RunStatus.Waiting) =>
    runRecord({ status, active: active({ stepStatus: "WAITING", lease: null, wait }) });

  it("ends a timer that has passed", () => {
    expect(kind(waiting({ kind: "timer", untilMs: T0 }), T0, me)).toBe("timer-elapsed");
    expect(kind(waiting({ kind: "timer", untilMs: T0 - MINUTE }), T0, me)).toBe("timer-elapsed");
  });

  it("waits for a timer that has not passed yet", () => {
    expect(kind(waiting({ kind: "timer", untilMs: T0 + 1 }), T0, me)).toBe("nothing");
  });

  it("times out a signal wait past its deadline", () => {
    const run = waiting({ kind: "signal", signalType: "paid", deadlineMs: T0 });
    expect(kind(run, T0, me)).toBe("deadline-passed");
  });

  it("keeps waiting for a signal before its deadline", () => {
    const run = waiting({ kind: "signal", signalType: "paid", deadlineMs: T0 + 1 });
    expect(kind(run, T0, me)).toBe("nothing");
  });

  it("keeps waiting for a signal with no deadline, however late", () => {
    const run = waiting({ kind: "signal", signalType: "paid", deadlineMs: null });
    expect(kind(run, T0 + 365 * 24 * 60 * MINUTE, me)).toBe("nothing");
  });

  it("times out a PAUSED approval past its deadline", () => {
    const run = waiting({ kind: "approval", approvalRequestId: "apr_1", deadlineMs: T0 - 1 }, "PAUSED");
    expect(kind(run, T0, me)).toBe("deadline-passed");
  });

  it("wakes a PAUSED approval for its next reminder or escalation, but its deadline comes first", () => {
    const nudges = [{ atMs: T0, kind: "reminder" as const, reminder: 1 }];
    const due = waiting({ kind: "approval", approvalRequestId: "apr_1", deadlineMs: null, nudges }, "PAUSED");
    const early = waiting(
      { kind: "approval", approvalRequestId: "apr_1", deadlineMs: null, nudges },
      "PAUSED",
    );
    const late = waiting({ kind: "approval", approvalRequestId: "apr_1", deadlineMs: T0, nudges }, "PAUSED");
    expect(kind(due, T0, me)).toBe("nudge-due");
    expect(kind(early, T0 - 1, me)).toBe("nothing");
    expect(kind(late, T0, me)).toBe("deadline-passed");
  });

  it("keeps a PAUSED approval before its deadline, or with none", () => {
    const before = waiting({ kind: "approval", approvalRequestId: "apr_1", deadlineMs: T0 + 1 }, "PAUSED");
    const none = waiting({ kind: "approval", approvalRequestId: "apr_1", deadlineMs: null }, "PAUSED");
    expect(kind(before, T0, me)).toBe("nothing");
    expect(kind(none, T0, me)).toBe("nothing");
  });

  it("does nothing for a waiting run without an active wait", () => {
    expect(kind(runRecord({ status: "WAITING", active: null }), T0, me)).toBe("nothing");
    expect(kind(waiting(null, "PAUSED"), T0, me)).toBe("nothing");
  });
});

describe("planNext: runs that no worker advances", () => {
  it.each([RunStatus.Completed, RunStatus.Cancelled, RunStatus.Superseded, RunStatus.Failed])(
    "does nothing for a %s run, even one whose step looks claimable",
    (status) => {
      // Each of these would be acted on in a RUNNING run: a step with no lease, a cursor, a due retry.
      expect(kind(runningRun({ status, lease: null }), T0, me)).toBe("nothing");
      expect(kind(runRecord({ status, active: null, nextStepName: "b" }), T0, me)).toBe("nothing");
      const dueRetry = runningRun({ status, stepStatus: "FAILED", lease: null, retryAtMs: T0 - 1 });
      expect(kind(dueRetry, T0, me)).toBe("nothing");
    },
  );
});
