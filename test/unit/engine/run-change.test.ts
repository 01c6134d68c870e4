import { describe, expect, it } from "vitest";
import { ConflictError } from "../../../core/domain/errors";
import type { RunRecord } from "../../../core/domain/run-record";
import { RunStatus, StepRunStatus } from "../../../core/domain/statuses";
import { isoAt } from "../../../core/domain/time";
import { fixedIds, lease, MINUTE, runningRun, runRecord, stepRun, T0, task, transition } from "./builders";

describe("RunTransition: versions and purity", () => {
  it("bumps the version by one, expects the version it read, and stamps updatedAt", () => {
    const tx = transition(runRecord({ version: 7 }), T0 + 5);
    const commit = tx.finish();
    expect(commit.expectedVersion).toBe(7);
    expect(commit.run.version).toBe(8);
    expect(commit.run.updatedAt).toBe(isoAt(T0 + 5));
    expect(tx.now).toBe(isoAt(T0 + 5));
  });

  it("leaves the run it was given untouched", () => {
    const before = runningRun({ state: { n: 1 } });
    const snapshot = structuredClone(before);
    const tx = transition(before);
    tx.setRunStatus(RunStatus.Waiting);
    tx.setStepStatus(StepRunStatus.Waiting);
    tx.run.state.n = 2;
    tx.record("STEP_COMPLETED", { stepName: "a", durationMs: 1 });
    expect(before).toEqual(snapshot);
  });
});

describe("RunTransition: status moves", () => {
  it("applies a run move the table allows", () => {
    const tx = transition(runRecord());
    tx.setRunStatus(RunStatus.Running);
    expect(tx.run.status).toBe("RUNNING");
  });

  it("accepts a move to the status the run already has as no move at all", () => {
    const tx = transition(runRecord({ status: "COMPLETED" }));
    expect(() => tx.setRunStatus(RunStatus.Completed)).not.toThrow();
  });

  it.each([
    ["PENDING", "COMPLETED"],
    ["PAUSED", "FAILED"],
    ["WAITING", "PAUSED"],
    ["COMPLETED", "RUNNING"],
    ["CANCELLED", "RUNNING"],
    ["FAILED", "COMPLETED"],
  ] as const)("throws ConflictError for the run move %s -> %s and leaves the status", (from, to) => {
    const tx = transition(runRecord({ status: from }));
    expect(() => tx.setRunStatus(to)).toThrow(ConflictError);
    expect(tx.run.status).toBe(from);
  });

  it.each([
    ["COMPLETED", "RUNNING"],
    ["RUNNING", "PENDING"],
    ["FAILED", "COMPLETED"],
    ["CANCELLED", "FAILED"],
  ] as const)("throws ConflictError for the step move %s -> %s and leaves the step run", (from, to) => {
    const tx = transition(runningRun({ stepStatus: from }));
    expect(() => tx.setStepStatus(to, { error: "x" })).toThrow(ConflictError);
    expect(tx.run.active?.stepRun).toMatchObject({ status: from, error: null });
  });

  it("sets the step's fields with an allowed move and stamps its updatedAt", () => {
    const tx = transition(runningRun(), T0 + 9);
    tx.setStepStatus(StepRunStatus.Completed, { output: { ok: true }, completedAt: tx.now });
    expect(tx.run.active?.stepRun).toMatchObject({
      status: "COMPLETED",
      output: { ok: true },
      completedAt: isoAt(T0 + 9),
      updatedAt: isoAt(T0 + 9),
    });
  });

  it("refuses step changes when no step is active", () => {
    const tx = transition(runningRun({ active: null, nextStepName: "b" }));
    expect(() => tx.setStepStatus(StepRunStatus.Completed)).toThrow(/no active step/);
    expect(() => tx.requireActive()).toThrow(/no active step/);
  });
});

describe("RunTransition: events", () => {
  it("numbers events on from the run's last one, with fresh ids, the run id and the time", () => {
    const ids = fixedIds();
    const tx = transition(runningRun({ eventSeq: 41 }), T0, ids);
    tx.record("SIGNAL_RECEIVED", { stepName: "a", signalType: "paid" }, "stp_1");
    tx.record("WORKFLOW_CANCELLED", {});
    const commit = tx.finish();
    expect(commit.run.eventSeq).toBe(43);
    expect(commit.events).toEqual([
      {
        id: "evt_1",
        seq: 42,
        workflowRunId: "run_1",
        stepRunId: "stp_1",
        eventType: "SIGNAL_RECEIVED",
        payload: { stepName: "a", signalType: "paid" },
        createdAt: isoAt(T0),
      },
      {
        id: "evt_2",
        seq: 43,
        workflowRunId: "run_1",
        stepRunId: null,
        eventType: "WORKFLOW_CANCELLED",
        payload: {},
        createdAt: isoAt(T0),
      },
    ]);
  });

  it("grows journalBytes with every event it records", () => {
    const tx = transition(runRecord());
    const empty = tx.journalBytes();
    tx.record("WORKFLOW_STARTED", { definitionId: "def_1", input: {} });
    const one = tx.journalBytes();
    tx.record("STEP_FAILED", { stepName: "a", error: "x".repeat(1000), attempt: 1 });
    const two = tx.journalBytes();
    expect(one).toBeGreaterThan(empty);
    expect(two - one).toBeGreaterThan(1000);
  });

  it("counts the step runs it touched in journalBytes", () => {
    const tx = transition(runningRun());
    const before = tx.journalBytes();
    tx.setStepStatus(StepRunStatus.Completed, { output: { text: "y".repeat(500) } });
    expect(tx.journalBytes() - before).toBeGreaterThan(500);
  });
});

describe("RunTransition: step runs", () => {
  it("starts a step: a new RUNNING step run under the lease, counted, with STEP_STARTED", () => {
    const ids = fixedIds();
    const tx = transition(
      runningRun({ active: null, nextStepName: "b", stepRunSeq: 2, stepsExecuted: 2 }),
      T0,
      ids,
    );
    const granted = lease("me");
    const started = tx.startStep(task("b"), 1, granted);
    expect(started).toMatchObject({
      id: "stp_1",
      workflowRunId: "run_1",
      stepName: "b",
      stepType: "task",
      status: "RUNNING",
      attempt: 1,
      startedAt: isoAt(T0),
    });
    expect(tx.run.active).toEqual({
      stepRun: started,
      stepIndex: 1,
      lease: granted,
      wait: null,
      retryAtMs: null,
    });
    expect(tx.run).toMatchObject({ nextStepName: null, stepRunSeq: 3, stepsExecuted: 3 });
    expect(tx.finish().events.map((e) => e.eventType)).toEqual(["STEP_STARTED"]);
  });

  it("restarts a failed step as its next attempt under a new lease", () => {
    const run = runningRun({ stepStatus: "FAILED", lease: null, attempt: 2, retryAtMs: T0 });
    if (run.active) run.active.stepRun.error = "503";
    const tx = transition(run, T0 + 1);
    const granted = lease("me", { grantedAtMs: T0 + 1, untilMs: T0 + MINUTE });
    tx.restartActiveStep(granted);
    expect(tx.run.active).toMatchObject({
      lease: granted,
      retryAtMs: null,
      wait: null,
      stepRun: { status: "RUNNING", attempt: 3, error: null, completedAt: null, startedAt: isoAt(T0 + 1) },
    });
    expect(tx.finish().events).toEqual([
      expect.objectContaining({
        eventType: "STEP_STARTED",
        payload: { stepName: "a", stepType: "task", attempt: 3 },
      }),
    ]);
  });

  it("refuses to restart a step that has not failed", () => {
    const tx = transition(runningRun({ stepStatus: "COMPLETED" }));
    expect(() => tx.restartActiveStep(lease("me"))).toThrow(ConflictError);
  });

  it("leaves the still-active step run out of finish()'s snapshots", () => {
    const tx = transition(runningRun({ active: null, nextStepName: "a" }));
    tx.startStep(task("a"), 0, lease("me"));
    tx.setStepStatus(StepRunStatus.Waiting);
    expect(tx.finish().stepRuns).toEqual([]);
  });

  it("snapshots a step run once it stops being active, and leaves out the one started after it", () => {
    const tx = transition(runningRun(), T0, fixedIds(2));
    tx.setStepStatus(StepRunStatus.Completed, { output: { n: 1 } });
    tx.run.active = null;
    tx.run.nextStepName = "b";
    tx.startStep(task("b"), 1, lease("me"));
    const commit = tx.finish();
    expect(commit.stepRuns.map((s) => [s.id, s.status])).toEqual([["stp_1", "COMPLETED"]]);
    expect(commit.run.active?.stepRun).toMatchObject({ id: "stp_2", stepName: "b" });
  });

  it("hands out snapshots that later edits of the run do not change", () => {
    const tx = transition(runningRun());
    tx.setStepStatus(StepRunStatus.Completed, { output: { n: 1 } });
    const finished = tx.run.active;
    tx.run.active = null;
    const commit = tx.finish();
    if (finished) finished.stepRun.output = { n: 2 };
    expect(commit.stepRuns[0]?.output).toEqual({ n: 1 });
  });
});

describe("RunTransition: what a change says happened", () => {
  const completed = () => {
    const tx = transition(runningRun(), T0, fixedIds(2));
    tx.setStepStatus(StepRunStatus.Completed, { output: {} });
    tx.record("STEP_COMPLETED", { stepName: "a", durationMs: 1 }, "stp_1");
    tx.run.active = null;
    return tx;
  };

  it("leaves where its history goes to the store: the run keeps the history it was read with", () => {
    const read = runningRun();
    const kept = { events: [], stepRuns: [stepRunOf(read)] };
    const tx = transition({ ...read, recent: kept }, T0, fixedIds(2));
    tx.setStepStatus(StepRunStatus.Completed, { output: {} });
    tx.record("STEP_COMPLETED", { stepName: "a", durationMs: 1 }, "stp_1");
    tx.run.active = null;
    const commit = tx.finish();
    expect(commit.run.recent).toEqual(kept);
    expect(commit.events.map((event) => event.eventType)).toEqual(["STEP_COMPLETED"]);
  });

  it("is announced only when asked and it records events", () => {
    expect(completed().finish({ announced: true }).announced).toBe(true);
    expect(completed().finish().announced).toBeUndefined();
    expect(transition(runningRun()).finish({ announced: true }).announced).toBeUndefined();
  });

  it("can be finished twice with the same answer", () => {
    const tx = completed();
    expect(tx.finish()).toEqual(tx.finish());
  });
});

const stepRunOf = (run: RunRecord) => structuredClone(run.active?.stepRun ?? stepRun());
