import { beforeEach, describe, expect, it } from "vitest";
import { sweepShard } from "../../core/adapters/dynamodb/table/sweep-index";
import { readAll } from "../../core/adapters/memory/calls";
import type { IdGenerator } from "../../core/domain/ids";
import type { RunRecord } from "../../core/domain/run-record";
import { RunStatus } from "../../core/domain/statuses";
import { isoAt } from "../../core/domain/time";
import type { RunsStore } from "../../core/ports/store";
import {
  commitOf,
  completeRun,
  created,
  fixedIds,
  MINUTE,
  newRun,
  pageOf,
  start,
  startStored,
  stored,
  T0,
  transition,
} from "./run-fixtures";
import type { MakeStore } from "./runs-store.contract";

const ws = "wsp_lists";

/** The run lists (newest first, 1-based pages, `total` the whole list's) and the sweep index. */
export function describeRunLists(makeStore: MakeStore): void {
  let store: RunsStore;
  let ids: IdGenerator;

  beforeEach(async () => {
    store = await makeStore();
    ids = fixedIds();
  });

  const startRun = (run: RunRecord, nowMs?: number) => startStored(store, ids, run, nowMs);

  describe("lists", () => {
    /** r1…r5 of definitions a b a b a, supersession keys k - k - k2; r2 and r3 RUNNING, the others PENDING. */
    async function fiveRuns(): Promise<RunRecord[]> {
      const runs = [];
      for (const [definitionId, supersessionKey] of [
        ["def_a", "k"],
        ["def_b", null],
        ["def_a", "k"],
        ["def_b", null],
        ["def_a", "k2"],
      ] as const) {
        runs.push(await created(store, newRun(ids, ws, { definitionId, supersessionKey })));
      }
      for (const run of runs.slice(1, 3)) await startRun(run);
      await created(store, newRun(ids, "wsp_other", { definitionId: "def_a", supersessionKey: "k" }));
      return Promise.all(runs.map((run) => stored(store, run)));
    }

    const page = pageOf;

    it("pages all of a workspace's runs newest first", async () => {
      const [r1, r2, r3, r4, r5] = await fiveRuns();

      expect(await store.runs.list(ws, {}, 1, 2)).toEqual(page([r5, r4], 5));
      expect(await store.runs.list(ws, {}, 2, 2)).toEqual(page([r3, r2], 5));
      expect(await store.runs.list(ws, {}, 3, 2)).toEqual(page([r1], 5));
      expect(await store.runs.list(ws, {}, 4, 2)).toEqual(page([], 5));
      expect(await store.runs.list("wsp_none", {}, 1, 2)).toEqual(page([], 0));
    });

    it("pages a definition's runs", async () => {
      const [r1, r2, r3, r4, r5] = await fiveRuns();

      expect(await store.runs.list(ws, { definitionId: "def_a" }, 1, 2)).toEqual(page([r5, r3], 3));
      expect(await store.runs.list(ws, { definitionId: "def_a" }, 2, 2)).toEqual(page([r1], 3));
      expect(await store.runs.list(ws, { definitionId: "def_b" }, 1, 5)).toEqual(page([r4, r2], 2));
      expect(await store.runs.list(ws, { definitionId: "def_none" }, 1, 5)).toEqual(page([], 0));
    });

    it("keeps an upgraded run in the list of the definition it was created on", async () => {
      const [r1, , r3, , r5] = await fiveRuns();
      const tx = transition(r3 as RunRecord, ids);
      tx.run.originalDefinitionId = "def_a";
      tx.run.definitionId = "def_a2";
      expect(await store.runs.commit(commitOf(tx))).toEqual({ kind: "committed" });
      const upgraded = await stored(store, r3 as RunRecord);

      expect(await store.runs.list(ws, { definitionId: "def_a" }, 1, 5)).toEqual(page([r5, upgraded, r1], 3));
      expect(await store.runs.list(ws, { definitionId: "def_a2" }, 1, 5)).toEqual(page([], 0));
      expect(await store.runs.list(ws, { definitionId: "def_a", status: RunStatus.Running }, 1, 5)).toEqual(
        page([upgraded], 1),
      );
    });

    it("pages the runs of a status, as they are now", async () => {
      const [r1, r2, r3, r4, r5] = await fiveRuns();

      expect(await store.runs.list(ws, { status: RunStatus.Running }, 1, 1)).toEqual(page([r3], 2));
      expect(await store.runs.list(ws, { status: RunStatus.Running }, 2, 1)).toEqual(page([r2], 2));
      expect(await store.runs.list(ws, { status: RunStatus.Pending }, 1, 5)).toEqual(page([r5, r4, r1], 3));
      expect(await store.runs.list(ws, { status: RunStatus.Completed }, 1, 5)).toEqual(page([], 0));
    });

    it("pages the live runs of every live status together, newest first, and leaves ended ones out", async () => {
      const [r1, r2, r3, r4, r5] = await fiveRuns();
      const ending = transition(await stored(store, r3 as RunRecord), ids, T0 + 2 * MINUTE);
      completeRun(ending);
      expect(await store.runs.commit(commitOf(ending))).toEqual({ kind: "committed" });

      expect(await store.runs.list(ws, { live: true }, 1, 2)).toEqual(page([r5, r4], 4));
      expect(await store.runs.list(ws, { live: true }, 2, 2)).toEqual(page([r2, r1], 4));
      expect(await store.runs.list(ws, { status: RunStatus.Completed }, 1, 5)).toEqual(
        page([await stored(store, r3 as RunRecord)], 1),
      );
    });

    it("pages the runs of a supersession key, and combined filters", async () => {
      const [r1, r2, r3, , r5] = await fiveRuns();

      expect(await store.runs.list(ws, { supersessionKey: "k" }, 1, 5)).toEqual(page([r3, r1], 2));
      expect(await store.runs.list(ws, { supersessionKey: "k" }, 2, 1)).toEqual(page([r1], 2));
      expect(await store.runs.list(ws, { supersessionKey: "k", status: RunStatus.Running }, 1, 5)).toEqual(
        page([r3], 1),
      );
      expect(await store.runs.list(ws, { status: RunStatus.Pending, definitionId: "def_a" }, 1, 1)).toEqual(
        page([r5], 2),
      );
      expect(await store.runs.list(ws, { status: RunStatus.Pending, definitionId: "def_a" }, 2, 1)).toEqual(
        page([r1], 2),
      );
      expect(await store.runs.list(ws, { status: RunStatus.Running, definitionId: "def_b" }, 1, 5)).toEqual(
        page([r2], 1),
      );
    });

    describe("by creation date", () => {
      const at = (minutes: number) => isoAt(T0 + minutes * MINUTE);

      /**
       * r1…r6 created a minute apart (r_i at minute i), definitions a b a b a a, r2 and r4 with supersession
       * key k; a creation refused between r2 and r3 leaves a gap in both numberings; r3 and r4 RUNNING.
       */
      async function sixRunsAMinuteApart(): Promise<RunRecord[]> {
        const runs = [];
        for (const [minute, definitionId, supersessionKey] of [
          [1, "def_a", null],
          [2, "def_b", "k"],
          [3, "def_a", null],
          [4, "def_b", "k"],
          [5, "def_a", null],
          [6, "def_a", null],
        ] as const) {
          const run = newRun(ids, ws, { definitionId, supersessionKey, createdAt: at(minute) });
          if (minute === 2) run.idempotencyKey = "once";
          runs.push(await created(store, run));
          if (minute === 2) {
            const refused = newRun(ids, ws, { idempotencyKey: "once", createdAt: at(2.5) });
            expect((await store.runs.create({ run: refused, supersede: async () => [] })).kind).toBe(
              "idempotent",
            );
          }
        }
        for (const run of runs.slice(2, 4)) await startRun(run);
        await created(store, newRun(ids, "wsp_other", { createdAt: at(3) }));
        return Promise.all(runs.map((run) => stored(store, run)));
      }

      it("pages the runs created in [createdAfter, createdBefore), past the numbers given up", async () => {
        const [r1, r2, r3, r4, r5, r6] = await sixRunsAMinuteApart();
        const window = { createdAfter: at(2), createdBefore: at(5) };

        expect(await store.runs.list(ws, window, 1, 2)).toEqual(page([r4, r3], 3));
        expect(await store.runs.list(ws, window, 2, 2)).toEqual(page([r2], 3));
        expect(await store.runs.list(ws, window, 3, 2)).toEqual(page([], 3));
        expect(await store.runs.list(ws, { createdAfter: at(2.2) }, 1, 10)).toEqual(
          page([r6, r5, r4, r3], 4),
        );
        expect(await store.runs.list(ws, { createdBefore: at(3) }, 1, 10)).toEqual(page([r2, r1], 2));
        expect(await store.runs.list(ws, { createdBefore: at(1) }, 1, 10)).toEqual(page([], 0));
        expect(await store.runs.list(ws, { createdAfter: at(6.5) }, 1, 10)).toEqual(page([], 0));
        expect(await store.runs.list(ws, { createdAfter: at(0), createdBefore: at(9) }, 1, 10)).toEqual(
          page([r6, r5, r4, r3, r2, r1], 6),
        );
      });

      it("combines a date window with a definition, a status and a supersession key", async () => {
        const [r1, , r3, r4, r5, r6] = await sixRunsAMinuteApart();

        expect(await store.runs.list(ws, { definitionId: "def_a", createdAfter: at(3) }, 1, 10)).toEqual(
          page([r6, r5, r3], 3),
        );
        expect(await store.runs.list(ws, { definitionId: "def_a", createdBefore: at(3) }, 1, 10)).toEqual(
          page([r1], 1),
        );
        expect(await store.runs.list(ws, { status: RunStatus.Running, createdAfter: at(4) }, 1, 10)).toEqual(
          page([r4], 1),
        );
        expect(await store.runs.list(ws, { status: RunStatus.Running, createdBefore: at(4) }, 1, 10)).toEqual(
          page([r3], 1),
        );
        expect(await store.runs.list(ws, { supersessionKey: "k", createdAfter: at(3) }, 1, 10)).toEqual(
          page([r4], 1),
        );
        expect(
          await store.runs.list(
            ws,
            { status: RunStatus.Pending, definitionId: "def_a", createdAfter: at(3) },
            1,
            10,
          ),
        ).toEqual(page([r6, r5], 2));
      });
    });

    it("finds a supersession key's live runs and its newest run whatever its status, newest first", async () => {
      const [r1, , r3] = (await fiveRuns()) as RunRecord[];
      expect(await store.runs.liveWithSupersessionKey(ws, "k")).toEqual([r3, r1]);
      expect(await store.runs.liveWithSupersessionKey(ws, "none")).toEqual([]);

      const end = async (run: RunRecord | undefined) => {
        const tx = transition(await stored(store, run as RunRecord), ids, T0 + 3 * MINUTE);
        tx.setRunStatus(RunStatus.Cancelled);
        expect(await store.runs.commit(commitOf(tx))).toEqual({ kind: "committed" });
      };
      await end(r1);
      expect(await store.runs.liveWithSupersessionKey(ws, "k")).toEqual([
        await stored(store, r3 as RunRecord),
      ]);
      await end(r3);
      expect(await store.runs.liveWithSupersessionKey(ws, "k")).toEqual([
        await stored(store, r3 as RunRecord),
      ]);
      const r7 = await created(store, newRun(ids, ws, { supersessionKey: "k" }));
      expect(await store.runs.liveWithSupersessionKey(ws, "k")).toEqual([r7]);
    });
  });

  describe("overdue", () => {
    /** Run ids that the sweep index puts in one shard, and one that it puts elsewhere. */
    function sweepIds(): { same: string[]; other: string } {
      const candidates = Array.from({ length: 200 }, (_, i) => `run_sweep_${i}`);
      const shard = sweepShard(candidates[0] ?? "");
      const same = candidates.filter((id) => sweepShard(id) === shard).slice(0, 4);
      const other = candidates.find((id) => sweepShard(id) !== shard) ?? "";
      return { same, other };
    }

    const ref = (runId: string | undefined) => ({ workspaceId: ws, runId });
    const due = (minutes: number) => isoAt(T0 + minutes * MINUTE);

    it("passes over the runs due by a time, each once, earliest due first within a partition of the store", async () => {
      const { same, other } = sweepIds();
      const [a, b, d, e] = same;
      // Due times are kept rounded up to the 5-minute sweep bucket: a PENDING run is due when the lease its start
      // would take runs out, 10 minutes after its last change (a: T0+15, b and other: T0+10), a RUNNING one when
      // its lease runs out (d, started at T0+20 under a lease of a minute: T0+21 → T0+25).
      await created(store, newRun(ids, ws, { id: a, updatedAt: isoAt(T0 + 5 * MINUTE) }));
      const early = await created(store, newRun(ids, ws, { id: b, updatedAt: isoAt(T0) }));
      await created(store, newRun(ids, ws, { id: other, updatedAt: isoAt(T0) }));
      await startRun(await created(store, newRun(ids, ws, { id: d })), T0 + 20 * MINUTE);
      const finished = await created(store, newRun(ids, ws, { id: e }));
      const ending = transition(finished, ids);
      start(ending);
      completeRun(ending);
      await store.runs.commit(commitOf(ending));

      const pass = async (dueBy: string) => {
        const found = await readAll(store.runs.overdue(dueBy));
        const runIds = found.map(({ runId }) => runId);
        expect(new Set(runIds).size).toBe(runIds.length);
        return found;
      };
      // Runs of one partition come earliest due first; partitions are the store's, so across them only the set counts.
      const inPartition = (found: { runId: string }[]) =>
        found.map(({ runId }) => runId).filter((runId) => same.includes(runId));
      const everyRun = (found: { runId: string }[]) => found.map(({ runId }) => runId).sort();

      expect(inPartition(await pass(due(15)))).toEqual([b, a]);
      expect(everyRun(await pass(due(15)))).toEqual([a, b, other].sort());
      expect((await pass(due(15))).find(({ runId }) => runId === a)).toEqual(ref(a));
      expect(everyRun(await pass(due(10)))).toEqual([b, other].sort());
      expect(await pass(isoAt(T0 + 10 * MINUTE - 1))).toEqual([]);
      expect(inPartition(await pass(due(60)))).toEqual([b, a, d]);
      expect(everyRun(await pass(due(60)))).toEqual([a, b, d, other].sort());

      const ended = transition(early, ids, T0 + 2 * MINUTE);
      start(ended);
      completeRun(ended);
      await store.runs.commit(commitOf(ended));
      expect(everyRun(await pass(due(15)))).toEqual([a, other].sort());
    });
  });
}
