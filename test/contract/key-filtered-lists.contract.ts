import { beforeEach, describe, expect, it } from "vitest";
import type { IdGenerator } from "../../core/domain/ids";
import type { RunRecord } from "../../core/domain/run-record";
import { RunStatus } from "../../core/domain/statuses";
import { isoAt } from "../../core/domain/time";
import type { RunFilters, RunsStore } from "../../core/ports/store";
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

const ws = "wsp_key_lists";

/**
 * A supersession key's runs combined with another filter (docs/lists.md, "Combined filters"): each list
 * the same whether the store answers it from the key's live runs, from two lists' common keys or from the runs
 * read in full.
 */
export function describeKeyFilteredLists(makeStore: MakeStore): void {
  describe("a supersession key with other filters", () => {
    let store: RunsStore;
    let ids: IdGenerator;

    beforeEach(async () => {
      store = await makeStore();
      ids = fixedIds();
    });

    const page = pageOf;
    const startRun = (run: RunRecord) => startStored(store, ids, run);

    it("combines a supersession key with a live or an ended status, a definition, waitingFor and a window", async () => {
      const at = (minutes: number) => isoAt(T0 + minutes * MINUTE);
      // k1…k6 of key k, a minute apart, definitions a b a b a a; k6 queued behind its key's running run.
      const runs: RunRecord[] = [];
      for (const [minute, definitionId] of [
        [1, "def_a"],
        [2, "def_b"],
        [3, "def_a"],
        [4, "def_b"],
        [5, "def_a"],
        [6, "def_a"],
      ] as const) {
        const run = newRun(ids, ws, { definitionId, supersessionKey: "k", createdAt: at(minute) });
        if (minute === 6) run.waiting = { for: "supersession", recheckAtMs: T0 + 10 * MINUTE };
        runs.push(await created(store, run));
        await created(
          store,
          newRun(ids, ws, { definitionId, supersessionKey: "other", createdAt: at(minute) }),
        );
      }
      const end = async (run: RunRecord | undefined, status: RunStatus) => {
        const tx = transition(await stored(store, run as RunRecord), ids, T0 + 7 * MINUTE);
        if (status === RunStatus.Completed) {
          start(tx);
          completeRun(tx);
        } else tx.setRunStatus(status);
        expect(await store.runs.commit(commitOf(tx))).toEqual({ kind: "committed" });
      };
      await end(runs[0], RunStatus.Completed);
      await end(runs[1], RunStatus.Cancelled);
      await startRun(runs[2] as RunRecord);
      await end(runs[4], RunStatus.Completed);
      const [k1, k2, k3, k4, k5, k6] = await Promise.all(runs.map((run) => stored(store, run)));
      const list = (filters: RunFilters, pageNumber = 1, pageSize = 10) =>
        store.runs.list(ws, { supersessionKey: "k", ...filters }, pageNumber, pageSize);

      expect(await list({ status: RunStatus.Pending })).toEqual(page([k6, k4], 2));
      expect(await list({ status: RunStatus.Pending }, 2, 1)).toEqual(page([k4], 2));
      expect(await list({ status: RunStatus.Running })).toEqual(page([k3], 1));
      expect(await list({ live: true })).toEqual(page([k6, k4, k3], 3));
      expect(await list({ waitingFor: "supersession" })).toEqual(page([k6], 1));
      expect(await list({ waitingFor: "concurrency" })).toEqual(page([], 0));
      expect(await list({ status: RunStatus.Pending, definitionId: "def_b" })).toEqual(page([k4], 1));
      expect(await list({ status: RunStatus.Completed })).toEqual(page([k5, k1], 2));
      expect(await list({ status: RunStatus.Completed }, 2, 1)).toEqual(page([k1], 2));
      expect(await list({ status: RunStatus.Cancelled })).toEqual(page([k2], 1));
      expect(await list({ status: RunStatus.Failed })).toEqual(page([], 0));
      expect(await list({ definitionId: "def_a" })).toEqual(page([k6, k5, k3, k1], 4));
      expect(await list({ status: RunStatus.Completed, createdAfter: at(2) })).toEqual(page([k5], 1));
      expect(await list({ status: RunStatus.Completed, createdBefore: at(5) })).toEqual(page([k1], 1));
      expect(await list({ status: RunStatus.Pending, createdBefore: at(5) })).toEqual(page([k4], 1));
      expect(await list({ definitionId: "def_a", createdAfter: at(3), createdBefore: at(6) })).toEqual(
        page([k5, k3], 2),
      );
      expect(await list({ supersessionKey: "none", status: RunStatus.Completed })).toEqual(page([], 0));
      expect(await list({ supersessionKey: "none", status: RunStatus.Pending })).toEqual(page([], 0));
    });
  });
}
