import { describe, expect, it } from "vitest";
import {
  addToLedger,
  LEDGER_ROWS_MAX,
  ROLLUP_AGE_MS,
  ROLLUP_ROWS_MAX,
  rollupDue,
  takeRollup,
} from "../../../core/domain/cost-ledger";
import type { AttemptCost, CostCall } from "../../../core/domain/cost-record";
import { nextDueAtMs } from "../../../core/domain/run-due";
import type { RunRecord } from "../../../core/domain/run-record";
import { planNext } from "../../../core/engine/rules/plan";
import { lease, MINUTE, runningRun, runRecord, T0 } from "./builders";

const worker = { owner: "w", takeOverLeasesGrantedBeforeMs: undefined };

function call(stepName: string, costUsd: number, createdAt = "2026-01-01T10:00:00.000Z"): CostCall {
  return {
    stepName,
    model: "gpt-4o",
    provider: "openai",
    inputTokens: 10,
    outputTokens: 2,
    costUsd,
    createdAt,
  };
}

function cost(id: string, calls: CostCall[]): AttemptCost {
  return {
    id,
    workspaceId: "wsp_1",
    workflowRunId: "run_1",
    definitionId: "def_1",
    stepRunId: "stp_1",
    attempt: 1,
    calls,
  };
}

describe("a run's unrolled cost sums", () => {
  it("sum an attempt's calls per day, model, definition and step", () => {
    const run = runningRun();
    addToLedger(run, cost("c1", [call("a", 0.1), call("a", 0.2), call("b", 0.5)]), T0);
    addToLedger(run, cost("c2", [call("a", 0.3, "2026-01-02T00:00:01.000Z")]), T0 + MINUTE);
    const row = (day: string, stepName: string, costUsd: number, calls: number) => ({
      day,
      model: "gpt-4o",
      costUsd,
      inputTokens: 10 * calls,
      outputTokens: 2 * calls,
      calls,
      wastedCostUsd: 0,
      definitionId: "def_1",
      stepName,
    });
    expect(run.costLedger).toEqual({
      sinceMs: T0,
      rows: [
        row("2026-01-01", "a", 0.1 + 0.2, 2),
        row("2026-01-01", "b", 0.5, 1),
        row("2026-01-02", "a", 0.3, 1),
      ],
    });
  });

  it("are rolled up by a commit that stops the run, or once a minute old, or once they fill the ledger", () => {
    const running = runningRun();
    addToLedger(running, cost("c1", [call("a", 0.1)]), T0);
    expect(rollupDue(running, T0 + ROLLUP_AGE_MS - 1)).toBe(false);
    expect(rollupDue(running, T0 + ROLLUP_AGE_MS)).toBe(true);
    expect(rollupDue({ ...running, status: "COMPLETED" }, T0)).toBe(true);
    expect(rollupDue({ ...running, status: "WAITING" }, T0)).toBe(true);
    const full = runningRun();
    const calls = Array.from({ length: LEDGER_ROWS_MAX }, (_, i) => call(`s${i}`, 0.1));
    addToLedger(full, cost("c2", calls), T0);
    expect(rollupDue(full, T0)).toBe(true);
    expect(rollupDue(runningRun(), T0 + 10 * ROLLUP_AGE_MS)).toBe(false);
  });

  it("leave the run when taken, counting it and marking its days only the first time, and come back on restore", () => {
    const run = runningRun();
    addToLedger(run, cost("c1", [call("a", 0.1)]), T0);
    const before: RunRecord = structuredClone(run);
    const taken = takeRollup(run);
    expect(taken?.rollup).toMatchObject({ newDays: ["2026-01-01"], countRun: true });
    expect(run.costLedger).toBeUndefined();
    expect(run.costDays).toEqual(["2026-01-01"]);
    taken?.restore();
    expect(run).toEqual(before);

    takeRollup(run);
    addToLedger(run, cost("c2", [call("a", 0.1), call("a", 0.1, "2026-01-02T08:00:00.000Z")]), T0);
    expect(takeRollup(run)?.rollup).toMatchObject({ newDays: ["2026-01-02"], countRun: false });
    expect(run.costDays).toEqual(["2026-01-01", "2026-01-02"]);
  });

  it("keep a stopped run in the sweep index, and a ring rolls them up when nothing else is to do", () => {
    const ended = runRecord({ status: "COMPLETED", updatedAt: "2026-01-01T00:00:00.000Z" });
    expect(nextDueAtMs(ended)).toBeUndefined();
    expect(planNext(ended, T0, worker)).toEqual({ kind: "nothing" });
    addToLedger(ended, cost("c1", [call("a", 0.1)]), T0);
    expect(nextDueAtMs(ended)).toBe(T0 + ROLLUP_AGE_MS);
    expect(planNext(ended, T0, worker)).toEqual({ kind: "roll-up-costs" });
    // A running run's own worker carries them with its next commit.
    const running = runningRun({ lease: lease("other") });
    addToLedger(running, cost("c2", [call("a", 0.1)]), T0);
    expect(planNext(running, T0 + 5 * MINUTE, worker)).toEqual({ kind: "nothing" });
    expect(nextDueAtMs(running)).toBe(T0 + 10 * MINUTE);
  });
});

describe("a rollup of many rows", () => {
  it("takes at most ROLLUP_ROWS_MAX of them, leaving the rest in the run for its next commit", () => {
    const run = runningRun();
    const calls = Array.from({ length: ROLLUP_ROWS_MAX + 3 }, (_, i) => call(`s${i}`, 0.1));
    addToLedger(run, cost("c1", calls), T0);
    expect(takeRollup(run)?.rollup.rows).toHaveLength(ROLLUP_ROWS_MAX);
    expect(run.costLedger?.rows.map((row) => row.stepName)).toEqual(["s50", "s51", "s52"]);
    expect(run.costLedger?.sinceMs).toBe(T0);
    expect(takeRollup(run)?.rollup).toMatchObject({ newDays: [], countRun: false });
    expect(run.costLedger).toBeUndefined();
  });
});
