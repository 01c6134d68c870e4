import { beforeEach, describe, expect, it } from "vitest";
import { addToLedger, takeRollup } from "../../core/domain/cost-ledger";
import type { RunRecord } from "../../core/domain/run-record";
import type { RunsStore } from "../../core/ports/store";
import {
  call,
  commitOf,
  completeRun,
  costOf,
  created,
  fixedIds,
  newRun,
  start,
  stored,
  T0,
  transition,
} from "./run-fixtures";
import type { MakeStore } from "./runs-store.contract";

const ws = "wsp_costs";
const [D1, D2, D3] = ["2030-01-01", "2030-01-02", "2030-01-03"];
const r1 = { workspaceId: ws, id: "run_000001" };
const r2 = { workspaceId: ws, id: "run_000002" };

/**
 * Three attempts' costs: the first of r1 with calls on two days (one past midnight), one of r2, and a later
 * one of r1 whose tiny call only an exact sum keeps.
 */
const cost1 = costOf(
  r1,
  "cost_000001",
  [
    call({ costUsd: 0.1, createdAt: `${D1}T10:00:00.000Z` }),
    call({ model: "gpt-4o-mini", costUsd: 0.25, createdAt: `${D1}T10:01:00.000Z` }),
    call({ costUsd: 0.2, createdAt: `${D2}T00:00:30.000Z` }),
  ],
  null,
);
// Recorded with its definition, and its one call wasted (its answer was not used).
const cost2 = {
  ...costOf(
    r2,
    "cost_000002",
    [call({ costUsd: 0.2, createdAt: `${D1}T11:00:00.000Z`, wasted: true })],
    null,
  ),
  definitionId: "def_2",
};
const cost3 = costOf(r1, "cost_000003", [call({ costUsd: 3e-17, createdAt: `${D2}T12:00:00.000Z` })], null);

const totals = (
  model: string,
  costUsd: number,
  calls: number,
  more: { wasted?: number; def?: string } = {},
) => ({
  model,
  costUsd,
  inputTokens: 10 * calls,
  outputTokens: 5 * calls,
  calls,
  wastedCostUsd: more.wasted ?? 0,
  ...(more.def === undefined ? {} : { definitionId: more.def }),
  stepName: "a",
});

/** Cost records and their rollups: each record rolled up once, whoever tries, with DynamoDB's sums. */
export function describeCosts(makeStore: MakeStore): void {
  describe("costs", () => {
    let store: RunsStore;

    beforeEach(async () => {
      store = await makeStore();
      for (const cost of [cost1, cost2, cost3]) await store.costs.put(cost);
    });

    it("lists a run's records oldest first, the pending ones by first call, and those first called on days", async () => {
      expect(await store.costs.forRun(ws, r1.id, [])).toEqual([cost1, cost3]);
      expect(await store.costs.pending(ws, 10)).toEqual([cost1, cost2, cost3]);
      expect(await store.costs.pending(ws, 2)).toEqual([cost1, cost2]);
      expect(await store.costs.onDays(ws, [D2, D1, D2])).toEqual([cost3, cost1, cost2]);
      expect(await store.costs.pending("wsp_other", 10)).toEqual([]);
    });

    it("lists the records of a run's attempts under the day each started, beside those kept in the run", async () => {
      // Started just before midnight, called past it; the next started the day after; another run's that day.
      const lateStart = costOf(
        r1,
        "cost_000004",
        [call({ createdAt: `${D2}T23:59:00.000Z` }), call({ createdAt: `${D3}T00:01:00.000Z` })],
        `${D2}T23:58:00.000Z`,
      );
      const nextDay = costOf(
        r1,
        "cost_000005",
        [call({ createdAt: `${D3}T10:00:00.000Z` })],
        `${D3}T09:59:00.000Z`,
      );
      const otherRun = costOf(
        r2,
        "cost_000006",
        [call({ createdAt: `${D3}T11:00:00.000Z` })],
        `${D3}T11:00:00.000Z`,
      );
      for (const cost of [lateStart, nextDay, otherRun]) await store.costs.put(cost);

      expect(await store.costs.forRun(ws, r1.id, [D2, D3])).toEqual([cost1, cost3, lateStart, nextDay]);
      expect(await store.costs.forRun(ws, r1.id, [D3])).toEqual([cost1, cost3, nextDay]);
      expect(await store.costs.forRun(ws, r2.id, [D1, D2, D3])).toEqual([cost2, otherRun]);
      expect(await store.costs.onDays(ws, [D3])).toEqual([nextDay, otherRun]);
      expect(await store.costs.onDays(ws, [D2])).toEqual([cost3, lateStart]);
      // Rolled up on their own like any record put apart from a commit, once.
      for (const cost of [lateStart, nextDay, otherRun]) {
        expect(await store.costRollups.rollUp(cost, "2030-01-04T00:00:00.000Z")).toBe("rolled-up");
        expect(await store.costRollups.rollUp(cost, "2030-01-04T00:00:00.000Z")).toBe("already");
      }
      expect(await store.costs.pending(ws, 10)).toEqual([cost1, cost2, cost3]);
      expect(await store.costs.forRun(ws, r1.id, [D2, D3])).toEqual([cost1, cost3, lateStart, nextDay]);
    });

    it("counts a run once however many of its records are marked", async () => {
      expect(await store.costRollups.markRun(cost1)).toBe("rolled-up");
      expect(await store.costRollups.markRun(cost1)).toBe("already");
      expect(await store.costRollups.markRun(cost3)).toBe("already");
      expect(await store.costRollups.markRun(cost2)).toBe("rolled-up");

      expect((await store.costRollups.allTime(ws)).totalRuns).toBe(2);
      expect((await store.costRollups.days(ws, D1, D1)).runIds).toEqual([r1.id, r2.id]);
      expect((await store.costRollups.days(ws, D1, D2)).runIds).toEqual([r1.id, r2.id, r1.id]);
      expect((await store.costRollups.days(ws, D2, D2)).runIds).toEqual([r1.id]);
    });

    it("leaves the all-time count to the first marker of a run's day when asked to", async () => {
      // cost3's day D2 is already marked by cost1, which counts the run (or, pending, gets swept and does).
      expect(await store.costRollups.markRun(cost1, { onlyOnNewDay: true })).toBe("rolled-up");
      expect(await store.costRollups.markRun(cost3, { onlyOnNewDay: true })).toBe("already");
      expect(await store.costRollups.markRun(cost1, { onlyOnNewDay: true })).toBe("already");
      // The sweep's full markRun still counts a run whose marker came first, and only once.
      expect(await store.costRollups.markRun(cost3)).toBe("already");

      expect((await store.costRollups.allTime(ws)).totalRuns).toBe(1);
      expect((await store.costRollups.days(ws, D2, D2)).runIds).toEqual([r1.id]);
    });

    it("rolls each record up once, summing as DynamoDB does", async () => {
      for (const cost of [cost1, cost2, cost3]) {
        expect(await store.costRollups.rollUp(cost, "2030-01-03T00:00:00.000Z")).toBe("rolled-up");
      }
      expect(await store.costRollups.rollUp(cost1, "2030-01-03T00:00:00.000Z")).toBe("already");
      const never = costOf(r2, "cost_000009", [call()], null);
      expect(await store.costRollups.rollUp(never, "2030-01-03T00:00:00.000Z")).toBe("already");

      expect(await store.costs.pending(ws, 10)).toEqual([]);
      expect(await store.costs.forRun(ws, r1.id, [])).toEqual([cost1, cost3]);
      // One rollup per day, model, and definition and step where the record names them; exact decimal sums
      // read back as doubles: 0.2 + 3e-17 is 0.20000000000000003, not 0.2.
      const rollups = [
        { day: D1, ...totals("gpt-4o", 0.1, 1) },
        { day: D1, ...totals("gpt-4o", 0.2, 1, { wasted: 0.2, def: "def_2" }) },
        { day: D1, ...totals("gpt-4o-mini", 0.25, 1) },
        { day: D2, ...totals("gpt-4o", Number("0.20000000000000003"), 2) },
      ];
      expect(await store.costRollups.dayModels(ws, D1, D2)).toEqual(rollups);
      expect((await store.costRollups.days(ws, D2, D2)).models).toEqual([
        totals("gpt-4o", Number("0.20000000000000003"), 2),
      ]);
      // All time is every day's rollups, for the summary to fold by model, definition or step.
      expect(await store.costRollups.allTime(ws)).toEqual({
        models: rollups.map(({ day: _, ...row }) => row),
        totalRuns: 0,
      });
      expect(await store.costRollups.allTime("wsp_other")).toEqual({ models: [], totalRuns: 0 });
    });

    describe("a run's sums rolled up with its commit (RunChange.rollup)", () => {
      const ids = fixedIds();

      /** The run started and then ended by a change that adds `costs` and rolls its sums up. */
      async function endWithRollup(costs: { id: string; calls: ReturnType<typeof call>[] }[]) {
        const run = await created(store, newRun(ids, ws));
        const starting = transition(run, ids);
        start(starting);
        await store.runs.commit(commitOf(starting));
        const ending = transition(await stored(store, run), ids, T0 + 2 * 60_000);
        for (const { id, calls } of costs) addToLedger(ending.run, costOf(run, id, calls), ending.nowMs);
        completeRun(ending);
        const taken = takeRollup(ending.run);
        if (!taken) throw new Error("no sums to roll up");
        return { run, change: { ...commitOf(ending), rollup: taken.rollup } };
      }

      it("adds the sums to the day rollups, marks the run's days and counts it once, with the run", async () => {
        const { run, change } = await endWithRollup([
          { id: "cost_r1", calls: [call({ createdAt: `${D1}T10:00:00.000Z` })] },
          { id: "cost_r2", calls: [call({ costUsd: 0.2, createdAt: `${D2}T10:00:00.000Z` })] },
        ]);
        expect(change.rollup).toEqual({
          rows: [
            { day: D1, ...totals("gpt-4o", 0.1, 1) },
            { day: D2, ...totals("gpt-4o", 0.2, 1) },
          ],
          newDays: [D1, D2],
          countRun: true,
        });
        expect(await store.runs.commit(change)).toEqual({ kind: "committed" });
        const after: RunRecord = await stored(store, run);
        expect(after.costLedger).toBeUndefined();
        expect(after.costDays).toEqual([D1, D2]);
        expect(await store.costRollups.dayModels(ws, D1, D2)).toEqual([
          { day: D1, ...totals("gpt-4o", 0.1, 1) },
          { day: D2, ...totals("gpt-4o", 0.2, 1) },
        ]);
        expect((await store.costRollups.days(ws, D1, D2)).runIds).toEqual([run.id, run.id]);
        // Counted once, however many of its rollups say so (the SEEN marker).
        const again = transition(after, ids, T0 + 3 * 60_000);
        expect(
          await store.runs.commit({ ...commitOf(again), rollup: { rows: [], newDays: [], countRun: true } }),
        ).toEqual({ kind: "committed" });
        expect((await store.costRollups.allTime(ws)).totalRuns).toBe(1);
        // Nothing but the rollup went to the pending list.
        expect(await store.costs.pending(ws, 10)).toEqual([cost1, cost2, cost3]);
      });

      it("does not count again a run counted by a rollup of its records apart from any commit", async () => {
        const { run, change } = await endWithRollup([
          { id: "cost_r3", calls: [call({ createdAt: `${D1}T10:00:00.000Z` })] },
        ]);
        await store.costRollups.markRun(
          costOf(run, "cost_apart", [call({ createdAt: `${D1}T09:00:00.000Z` })]),
        );
        expect(await store.runs.commit(change)).toEqual({ kind: "committed" });
        expect((await store.costRollups.allTime(ws)).totalRuns).toBe(1);
        expect(await store.costRollups.dayModels(ws, D1, D1)).toEqual([
          { day: D1, ...totals("gpt-4o", 0.1, 1) },
        ]);
      });

      it("writes nothing of a rollup whose run lost its race", async () => {
        const { run, change } = await endWithRollup([
          { id: "cost_r4", calls: [call({ createdAt: `${D1}T10:00:00.000Z` })] },
        ]);
        // Another change of the run commits first.
        await store.runs.commit(commitOf(transition(await stored(store, run), ids, T0 + 2 * 60_000)));

        expect(await store.runs.commit(change)).toEqual({ kind: "conflict" });
        expect(await store.costRollups.dayModels(ws, D1, D2)).toEqual([]);
        expect(await store.costRollups.allTime(ws)).toEqual({ models: [], totalRuns: 0 });
        expect((await stored(store, run)).costDays).toBeUndefined();
      });
    });
  });
}
