import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { markWritten, placeHistory } from "../../../core/adapters/dynamodb/runs/history-placement";
import { runWriteUnits } from "../../../core/adapters/dynamodb/runs/run-items";
import type { RunCommit } from "../../../core/domain/run-commit";
import { appendHistory } from "../../../core/domain/run-history";
import { StepRunStatus } from "../../../core/domain/statuses";
import { fixedIds, MINUTE, runningRun, T0, transition } from "../engine/builders";

/** The DynamoDB adapter decides where a commit's history is stored (history-placement.ts). */
describe("placeHistory: where a commit's history goes", () => {
  const completed = (payload: Record<string, unknown> = {}) => {
    const tx = transition(runningRun(), T0, fixedIds(2));
    tx.setStepStatus(StepRunStatus.Completed, { output: payload });
    tx.record("STEP_COMPLETED", { stepName: "a", durationMs: 1 }, "stp_1");
    tx.run.active = null;
    return tx;
  };
  /** The commit as written: its run holds what the run item holds. */
  const written = (commit: RunCommit) => {
    markWritten(commit);
    return commit;
  };
  const noise = () => randomBytes(600).toString("base64");

  it("keeps what the run item kept while keeping it costs nothing more to write", () => {
    const first = completed().finish();
    expect(placeHistory(first)).toEqual({ run: expect.anything() });
    expect(written(first).run.recent?.events.map((event) => event.eventType)).toEqual(["STEP_COMPLETED"]);

    const next = transition(first.run, T0 + MINUTE, fixedIds(5));
    next.record("WORKFLOW_COMPLETED", { output: {}, durationMs: 1 });
    const second = next.finish();
    const placed = placeHistory(second);
    expect(placed.filed).toBeUndefined();
    expect(placed.journal).toBeUndefined();
    expect(placed.run.recent?.events.map((event) => event.seq)).toEqual([3, 4]);
    expect(placed.run.recent?.stepRuns.map((stepRun) => stepRun.id)).toEqual(["stp_1"]);
  });

  it("files what the run item kept once keeping it would make the run item cost more to write", () => {
    const first = written(completed({ text: noise() }).finish());
    const next = transition(first.run, T0 + MINUTE, fixedIds(5));
    next.record("WORKFLOW_COMPLETED", { output: { text: noise() }, durationMs: 1 });
    const second = next.finish();
    const placed = placeHistory(second);

    expect(placed.filed).toEqual(first.run.recent);
    expect(placed.run.recent?.events.map((event) => event.eventType)).toEqual(["WORKFLOW_COMPLETED"]);
    expect(placed.run.recent?.stepRuns).toEqual([]);
    const kept = first.run.recent ?? { events: [], stepRuns: [] };
    const keeping = { ...second.run, recent: appendHistory(kept, second) };
    expect(runWriteUnits(placed.run)).toBeLessThan(runWriteUnits(keeping));
  });

  it("files nothing in a change that records no history", () => {
    const first = written(completed({ text: noise() }).finish());
    const next = transition(first.run, T0 + MINUTE, fixedIds(5));
    next.run.state = { pad: noise() };
    const placed = placeHistory(next.finish());
    expect(placed.filed).toBeUndefined();
    expect(placed.run.recent).toEqual(first.run.recent);
  });

  it("writes an announced change, with what the run item kept, in an outbox journal its dispatch names", () => {
    const first = written(completed().finish());
    const next = transition(first.run, T0 + MINUTE, fixedIds(5));
    next.record("WORKFLOW_COMPLETED", { output: {}, durationMs: 1 });
    const second = next.finish({ announced: true });
    const placed = placeHistory(second);

    expect(placed.journal?.outbox).toBe(true);
    expect(placed.journal?.history.events.map((event) => event.seq)).toEqual([3, 4]);
    expect(placed.run.recent).toBeUndefined();
    expect(written(second)).toMatchObject({ outboxSeq: 3 });
    expect(second.run.recent).toBeUndefined();
  });

  it("keeps a change's history out of a run item it would take near DynamoDB's bound", () => {
    const placed = placeHistory(completed({ text: "x".repeat(300_000) }).finish());
    expect(placed.journal).toMatchObject({ outbox: false });
    expect(placed.journal?.history.stepRuns[0]?.output).toEqual({ text: "x".repeat(300_000) });
    expect(placed.run.recent).toBeUndefined();

    const ordinary = placeHistory(completed({ text: "x".repeat(20_000) }).finish());
    expect(ordinary.journal).toBeUndefined();
    expect(ordinary.run.recent?.stepRuns[0]?.output).toEqual({ text: "x".repeat(20_000) });
  });
});
