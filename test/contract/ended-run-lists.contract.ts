import { beforeEach, describe, expect, it } from "vitest";
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
  stored,
  T0,
  transition,
} from "./run-fixtures";
import type { MakeStore } from "./runs-store.contract";

const ws = "wsp_ended";

/**
 * The lists of one ended status: newest first whatever order the runs ended in, `total` exact, whatever was
 * lost or revived on the way (docs/lists.md, "Runs by status").
 */
export function describeEndedRunLists(makeStore: MakeStore): void {
  describe("ended-status lists", () => {
    let store: RunsStore;
    let ids: IdGenerator;

    beforeEach(async () => {
      store = await makeStore();
      ids = fixedIds();
      primer = await end(
        await created(store, newRun(ids, ws, { definitionId: "def_primer" })),
        RunStatus.Superseded,
        1,
      );
    });
    /**
     * A run ended first: the store counts the ends of the runs created after a workspace's first end, or all of a
     * workspace created as the account store creates one (ended-counts.ts).
     */
    let primer: RunRecord;

    const page = pageOf;
    const list = (status: RunStatus, pageNumber = 1, pageSize = 10, filters = {}) =>
      store.runs.list(ws, { status, ...filters }, pageNumber, pageSize);

    /** Starts the run if it is PENDING, then ends it in `status` at `minute`; the run as stored after. */
    async function end(run: RunRecord, status: RunStatus, minute: number): Promise<RunRecord> {
      const tx = transition(await stored(store, run), ids, T0 + minute * MINUTE);
      if (tx.run.status === RunStatus.Pending && status !== RunStatus.Cancelled) start(tx);
      if (status === RunStatus.Completed) completeRun(tx);
      else if (status === RunStatus.Failed) {
        tx.setStepStatus("FAILED", { error: "boom", completedAt: tx.now });
        tx.setRunStatus(RunStatus.Failed);
      } else tx.setRunStatus(status);
      expect(await store.runs.commit(commitOf(tx))).toEqual({ kind: "committed" });
      return stored(store, run);
    }

    async function runs(count: number, definitionId = "def_a"): Promise<RunRecord[]> {
      const made = [];
      for (let i = 0; i < count; i++) made.push(await created(store, newRun(ids, ws, { definitionId })));
      return made;
    }

    /**
     * Runs left PENDING until the next run is numbered past the block of 100 the workspace started counting in:
     * a list counts that block again from its entries (ended-run-list.ts), so only the blocks after it show
     * what the counts hold.
     */
    async function pastTheStartingBlock(): Promise<void> {
      await runs(100, "def_filler");
    }

    it("pages a status's runs newest first whatever order they ended in, with their total", async () => {
      const [r1, r2, r3, r4] = (await runs(4)) as [RunRecord, RunRecord, RunRecord, RunRecord];
      const done2 = await end(r2, RunStatus.Completed, 2);
      const done3 = await end(r3, RunStatus.Completed, 3);
      const done1 = await end(r1, RunStatus.Completed, 4);
      const cancelled = await end(r4, RunStatus.Cancelled, 5);

      expect(await list(RunStatus.Completed, 1, 2)).toEqual(page([done3, done2], 3));
      expect(await list(RunStatus.Completed, 2, 2)).toEqual(page([done1], 3));
      expect(await list(RunStatus.Completed, 3, 2)).toEqual(page([], 3));
      expect(await list(RunStatus.Cancelled)).toEqual(page([cancelled], 1));
      expect(await list(RunStatus.Failed)).toEqual(page([], 0));
      expect((await store.runs.list(ws, {}, 1, 10)).items.map((run) => run.id)).toEqual(
        [r4, r3, r2, r1, primer].map((run) => run.id),
      );
    });

    it("combines with a definition or a date window, counting only the runs they hold", async () => {
      const [a1, b1, a2] = [
        ...(await runs(1, "def_a")),
        ...(await runs(1, "def_b")),
        ...(await runs(1, "def_a")),
      ] as [RunRecord, RunRecord, RunRecord];
      const doneA2 = await end(a2, RunStatus.Completed, 2);
      const doneB1 = await end(b1, RunStatus.Completed, 3);
      const doneA1 = await end(a1, RunStatus.Completed, 4);

      expect(await list(RunStatus.Completed, 1, 10, { definitionId: "def_a" })).toEqual(
        page([doneA2, doneA1], 2),
      );
      expect(await list(RunStatus.Completed, 2, 1, { definitionId: "def_a" })).toEqual(page([doneA1], 2));
      expect(await list(RunStatus.Completed, 1, 10, { definitionId: "def_none" })).toEqual(page([], 0));
      const all = { createdAfter: isoAt(T0 - MINUTE), createdBefore: isoAt(T0 + 60 * MINUTE) };
      expect(await list(RunStatus.Completed, 1, 10, all)).toEqual(page([doneA2, doneB1, doneA1], 3));
      expect(await list(RunStatus.Completed, 1, 10, { createdAfter: isoAt(T0 + 60 * MINUTE) })).toEqual(
        page([], 0),
      );
    });

    it("pages a status's runs of one definition past a hundred runs, whole and within a date window", async () => {
      // 250 runs a minute apart, two of three of def_a, one of five failing, ended in an order of their own.
      const made: RunRecord[] = [];
      for (let i = 0; i < 250; i++) {
        const fields = { definitionId: i % 3 === 2 ? "def_b" : "def_a", createdAt: isoAt(T0 + i * MINUTE) };
        made.push(await created(store, newRun(ids, ws, fields)));
      }
      const ended = new Map<string, RunRecord>();
      for (const [k, i] of made.map((_, i) => (i * 97) % 250).entries()) {
        const run = made[i] as RunRecord;
        ended.set(run.id, await end(run, i % 5 === 4 ? RunStatus.Failed : RunStatus.Completed, 300 + k));
      }
      const expected = (status: RunStatus, definitionId: string, from = 0, to = 250) =>
        made
          .flatMap((run, i) => {
            const done = ended.get(run.id) as RunRecord;
            return done.status === status && done.definitionId === definitionId && i >= from && i < to
              ? [done]
              : [];
          })
          .reverse();
      /** Every page of the list at `pageSize`, and each page's total. */
      async function pages(status: RunStatus, filters: object, pageSize: number) {
        const read = [];
        for (let n = 1; ; n++) {
          const { items, total } = await list(status, n, pageSize, filters);
          read.push({ ids: items.map((run) => run.id), total });
          if (items.length < pageSize) return read;
        }
      }
      const asPages = (runs: RunRecord[], pageSize: number) =>
        Array.from({ length: Math.floor(runs.length / pageSize) + 1 }, (_, n) => ({
          ids: runs.slice(n * pageSize, (n + 1) * pageSize).map((run) => run.id),
          total: runs.length,
        }));

      for (const [status, definitionId] of [
        [RunStatus.Completed, "def_a"],
        [RunStatus.Failed, "def_b"],
      ] as const) {
        const all = expected(status, definitionId);
        expect(await pages(status, { definitionId }, 23)).toEqual(asPages(all, 23));
        const window = { createdAfter: isoAt(T0 + 37 * MINUTE), createdBefore: isoAt(T0 + 213 * MINUTE) };
        const inWindow = expected(status, definitionId, 37, 213);
        expect(await pages(status, { definitionId, ...window }, 17)).toEqual(asPages(inWindow, 17));
        const allOf = expected(status, "def_a", 37, 213).concat(expected(status, "def_b", 37, 213));
        expect((await list(status, 1, 100, window)).total).toBe(allOf.length);
      }
    }, 60_000);

    it("drops a revived run from its failed list, and lists it again when it fails again", async () => {
      await pastTheStartingBlock();
      const [r1, r2] = (await runs(2)) as [RunRecord, RunRecord];
      await end(r1, RunStatus.Failed, 2);
      const failed2 = await end(r2, RunStatus.Failed, 3);

      const retry = transition(await stored(store, r1), ids, T0 + 4 * MINUTE);
      retry.setStepStatus("RUNNING");
      retry.setRunStatus(RunStatus.Running);
      expect(await store.runs.commit(commitOf(retry))).toEqual({ kind: "committed" });
      expect(await list(RunStatus.Failed)).toEqual(page([failed2], 1));

      const ofDefinition = { definitionId: r1.definitionId };
      expect(await list(RunStatus.Failed, 1, 10, ofDefinition)).toEqual(page([failed2], 1));

      const failedAgain = await end(r1, RunStatus.Failed, 5);
      expect(await list(RunStatus.Failed, 1, 1)).toEqual(page([failed2], 2));
      expect(await list(RunStatus.Failed, 2, 1)).toEqual(page([failedAgain], 2));
      expect(await list(RunStatus.Failed, 2, 1, ofDefinition)).toEqual(page([failedAgain], 2));
    });

    it("leaves no hole in the list for an ending that lost its write", async () => {
      await pastTheStartingBlock();
      const [r1, r2] = (await runs(2)) as [RunRecord, RunRecord];
      const stale = transition(await stored(store, r1), ids);
      start(stale);
      completeRun(stale);
      await end(r1, RunStatus.Cancelled, 2);
      expect(await store.runs.commit(commitOf(stale))).toEqual({ kind: "conflict" });
      expect(stale.run.endCounted).toBeUndefined();

      const done2 = await end(r2, RunStatus.Completed, 3);
      expect(await list(RunStatus.Completed)).toEqual(page([done2], 1));
      expect(await list(RunStatus.Completed, 1, 10, { definitionId: r1.definitionId })).toEqual(
        page([done2], 1),
      );
      expect((await list(RunStatus.Cancelled)).total).toBe(1);
      expect((await list(RunStatus.Cancelled, 1, 10, { definitionId: r1.definitionId })).total).toBe(1);
    });

    it("refuses to count an ended run again from a copy that does not hold its count", async () => {
      await pastTheStartingBlock();
      const [r1] = (await runs(1)) as [RunRecord];
      const done = await end(r1, RunStatus.Completed, 2);
      const { endCounted: _held, ...copy } = done;

      const again = transition(copy as RunRecord, ids, T0 + 3 * MINUTE);
      again.run.updatedAt = done.updatedAt;
      expect(await store.runs.commit(commitOf(again))).toEqual({ kind: "conflict" });

      const fromStore = transition(await stored(store, r1), ids, T0 + 3 * MINUTE);
      expect(await store.runs.commit(commitOf(fromStore))).toEqual({ kind: "committed" });
      expect(await list(RunStatus.Completed)).toEqual(page([await stored(store, r1)], 1));
      expect(await list(RunStatus.Completed, 1, 10, { definitionId: r1.definitionId })).toEqual(
        page([await stored(store, r1)], 1),
      );
    });
  });
}
