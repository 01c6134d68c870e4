import { beforeEach, describe, expect, it } from "vitest";
import type { IdGenerator } from "../../core/domain/ids";
import type { RunRecord } from "../../core/domain/run-record";
import { RunStatus } from "../../core/domain/statuses";
import type { DebounceWindowRef, RunChange, RunCreation, RunsStore } from "../../core/ports/store";
import { commitOf, created, fixedIds, MINUTE, newRun, start, stored, T0, transition } from "./run-fixtures";
import type { MakeStore } from "./runs-store.contract";

const ws = "wsp_create";

/** `runs.create`: numbering, the idempotency key's claim and the superseded runs' changes in one commit. */
export function describeCreation(makeStore: MakeStore): void {
  describe("create", () => {
    let store: RunsStore;
    let ids: IdGenerator;

    beforeEach(async () => {
      store = await makeStore();
      ids = fixedIds();
    });

    /** The changes superseding `runs` as supersede.ts builds them, from the records read now. */
    async function supersessionOf(runs: RunRecord[], by: string): Promise<RunChange[]> {
      const changes: RunChange[] = [];
      for (const run of runs) {
        const tx = transition(await stored(store, run), ids, T0 + 5 * MINUTE);
        tx.setRunStatus(RunStatus.Superseded);
        tx.record("WORKFLOW_SUPERSEDED", { supersededBy: by });
        changes.push(commitOf(tx));
      }
      return changes;
    }

    it("numbers runs densely per workspace and per definition", async () => {
      const numbers = [];
      for (const [workspaceId, definitionId] of [
        [ws, "def_a"],
        [ws, "def_b"],
        [ws, "def_a"],
        ["wsp_other", "def_a"],
        [ws, "def_a"],
      ] as const) {
        const run = await created(store, newRun(ids, workspaceId, { definitionId }));
        expect(await store.runs.get(run.workspaceId, run.id)).toEqual(run);
        numbers.push([run.seq, run.defSeq]);
      }

      expect(numbers).toEqual([
        [1, 1],
        [2, 1],
        [3, 2],
        [1, 1],
        [4, 3],
      ]);
    });

    it("numbers creations asked at once apart: each its own numbers, none lost, the list's total exact", async () => {
      const runs = Array.from({ length: 12 }, (_, i) =>
        newRun(ids, ws, { definitionId: i % 3 === 0 ? "def_a" : "def_b" }),
      );

      const outcomes = await Promise.all(runs.map((run) => created(store, run)));

      const ascending = (numbers: number[]) => [...numbers].sort((a, b) => a - b);
      expect(ascending(outcomes.map((run) => run.seq))).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      const ofDefinition = (id: string) => outcomes.filter((run) => run.definitionId === id);
      expect(ascending(ofDefinition("def_a").map((run) => run.defSeq))).toEqual([1, 2, 3, 4]);
      expect(ascending(ofDefinition("def_b").map((run) => run.defSeq))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      const list = await store.runs.list(ws, {}, 1, 20);
      expect(list.total).toBe(12);
      expect(new Set(list.items.map((run) => run.id))).toEqual(new Set(runs.map((run) => run.id)));
    });

    it("takes numbers ahead without writing; a creation given them uses them, and numbers given back are gaps", async () => {
      const first = await created(store, newRun(ids, ws, { definitionId: "def_a" }));
      const waiting = newRun(ids, ws, { definitionId: "def_a" });
      const numbers = await store.runs.number(waiting);
      const refused = newRun(ids, ws, { definitionId: "def_a", idempotencyKey: "order-9" });
      await store.runs.giveUpNumbers(refused, await store.runs.number(refused));

      expect(numbers).toEqual({ seq: 2, defSeq: 2 });
      expect(await store.runs.get(ws, waiting.id)).toBeUndefined();
      expect(await store.runs.create({ run: waiting, supersede: async () => [], numbers })).toEqual({
        kind: "created",
        run: { ...waiting, seq: 2, defSeq: 2 },
      });

      expect(await store.runs.get(ws, refused.id)).toBeUndefined();
      expect(await store.runs.runIdForIdempotencyKey(ws, "order-9")).toBeUndefined();
      const last = await created(store, newRun(ids, ws, { definitionId: "def_a" }));
      expect([last.seq, last.defSeq]).toEqual([4, 4]);
      for (const filters of [{}, { definitionId: "def_a" }]) {
        const list = await store.runs.list(ws, filters, 1, 10);
        expect(list.total).toBe(3);
        expect(list.items.map((run) => run.id)).toEqual([last.id, waiting.id, first.id]);
      }
    });

    it("gives back the numbers it was given when it does not create the run", async () => {
      const first = await created(store, newRun(ids, ws, { idempotencyKey: "order-3" }));
      const again = newRun(ids, ws, { idempotencyKey: "order-3" });
      const numbers = await store.runs.number(again);

      expect(await store.runs.create({ run: again, supersede: async () => [], numbers })).toEqual({
        kind: "idempotent",
        runId: first.id,
      });
      const list = await store.runs.list(ws, {}, 1, 10);
      expect(list.total).toBe(1);
      expect((await created(store, newRun(ids, ws, {}))).seq).toBe(3);
      expect((await store.runs.list(ws, {}, 1, 10)).total).toBe(2);
    });

    it("claims the idempotency key: a second creation with it gets the first run and creates nothing", async () => {
      const first = await created(store, newRun(ids, ws, { idempotencyKey: "order-1" }));
      const second = newRun(ids, ws, { idempotencyKey: "order-1" });

      expect(await store.runs.create({ run: second, supersede: async () => [] })).toEqual({
        kind: "idempotent",
        runId: first.id,
      });
      expect(await store.runs.runIdForIdempotencyKey(ws, "order-1")).toBe(first.id);
      expect(await store.runs.get(ws, second.id)).toBeUndefined();
      expect((await store.runs.list(ws, {}, 1, 10)).total).toBe(1);
      expect(await store.runs.runIdForIdempotencyKey("wsp_other", "order-1")).toBeUndefined();
      const elsewhere = await created(store, newRun(ids, "wsp_other", { idempotencyKey: "order-1" }));
      expect(await store.runs.runIdForIdempotencyKey("wsp_other", "order-1")).toBe(elsewhere.id);
    });

    it("supersedes the runs its changes name in the same commit", async () => {
      const old = await created(store, newRun(ids, ws, { supersessionKey: "cart-7" }));
      const next = newRun(ids, ws, { supersessionKey: "cart-7" });
      let changes: RunChange[] = [];
      const supersede = async () => {
        changes = await supersessionOf(await store.runs.liveWithSupersessionKey(ws, "cart-7"), next.id);
        return changes;
      };

      const outcome = await store.runs.create({ run: next, supersede });

      expect(outcome).toEqual({ kind: "created", run: { ...next, seq: 2, defSeq: 2, keySeq: 2 } });
      expect((await store.runs.list(ws, { supersessionKey: "cart-7" }, 1, 10)).total).toBe(2);
      const superseded = await stored(store, old);
      expect(superseded).toEqual(changes[0]?.commit.run);
      expect(superseded.status).toBe(RunStatus.Superseded);
      expect(await store.runs.events(superseded, 1, 1)).toEqual(changes[0]?.commit.events);
    });

    it("conflicts, creating nothing, when a run it supersedes moved before the commit", async () => {
      const old = await created(store, newRun(ids, ws, { supersessionKey: "cart-7" }));
      const next = newRun(ids, ws, { supersessionKey: "cart-7", idempotencyKey: "order-2" });
      const started = transition(old, ids);
      start(started);
      const concurrent = commitOf(started);
      const supersede = async () => {
        const changes = await supersessionOf([old], next.id);
        await store.runs.commit(concurrent);
        return changes;
      };

      expect(await store.runs.create({ run: next, supersede })).toEqual({ kind: "conflict" });
      expect(await store.runs.get(ws, next.id)).toBeUndefined();
      expect(await store.runs.runIdForIdempotencyKey(ws, "order-2")).toBeUndefined();
      expect(await stored(store, old)).toEqual(concurrent.commit.run);
      expect((await store.runs.list(ws, {}, 1, 10)).total).toBe(1);
    });

    it("numbers concurrent creations apart: each commits with its own numbers, whichever commits first", async () => {
      const first = await created(store, newRun(ids, ws));
      const late = newRun(ids, ws);
      const early = newRun(ids, ws);
      let committedEarly: RunRecord | undefined;
      const supersede = async () => {
        committedEarly = await created(store, early);
        return [];
      };

      const outcome = await store.runs.create({ run: late, supersede });

      expect(outcome).toEqual({ kind: "created", run: { ...late, seq: 2, defSeq: 2 } });
      expect(committedEarly?.seq).toBe(3);
      const list = await store.runs.list(ws, {}, 1, 10);
      expect(list.items.map((run) => run.id)).toEqual([early.id, late.id, first.id]);
      expect(list.total).toBe(3);
    });

    it("orders runs sharing a supersession key by number: one numbered before a run already created with the key conflicts", async () => {
      const older = newRun(ids, ws, { supersessionKey: "cart-9" });
      const newer = newRun(ids, ws, { supersessionKey: "cart-9" });
      let committedNewer: RunRecord | undefined;
      const supersede = async () => {
        committedNewer = await created(store, newer);
        return [];
      };

      expect(await store.runs.create({ run: older, supersede })).toEqual({ kind: "conflict" });
      expect(await store.runs.get(ws, older.id)).toBeUndefined();
      // Tried again, it is numbered after the run that came first, and sees it.
      const retried = await created(store, older);
      expect([committedNewer?.seq, retried.seq]).toEqual([2, 3]);
      expect((await store.runs.liveWithSupersessionKey(ws, "cart-9")).map((run) => run.id)).toEqual([
        older.id,
        newer.id,
      ]);
    });

    it("leaves the numbers of a creation that did not commit out of every page and of total", async () => {
      const runs = [await created(store, newRun(ids, ws, { idempotencyKey: "k1" }))];
      const refused = await store.runs.create({
        run: newRun(ids, ws, { idempotencyKey: "k1" }),
        supersede: async () => [],
      });
      expect(refused.kind).toBe("idempotent");
      runs.unshift(await created(store, newRun(ids, ws)));
      runs.unshift(await created(store, newRun(ids, ws)));

      expect(await store.runs.list(ws, {}, 1, 2)).toEqual({ items: runs.slice(0, 2), total: 3 });
      expect(await store.runs.list(ws, {}, 2, 2)).toEqual({ items: runs.slice(2), total: 3 });
      expect(await store.runs.list(ws, { definitionId: runs[0]?.definitionId }, 2, 2)).toEqual({
        items: runs.slice(2),
        total: 3,
      });
      expect(await store.runs.list(ws, {}, 3, 2)).toEqual({ items: [], total: 3 });
    });

    it("moves a debounce key's window to a new run only from the window it was read as", async () => {
      const window = (key: string) => ({ key, periodMs: 1000, startAtMs: T0 + 1000, creations: 1 });
      const debounced = (key: string) => newRun(ids, ws, { debounceWindow: window(key) });
      const scope = "def_a#cus-1";
      const first = debounced("cus-1");
      const create = (run: RunCreation["run"], debounceFollows?: DebounceWindowRef) =>
        store.runs.create({
          run,
          supersede: async () => [],
          ...(debounceFollows ? { debounceFollows } : {}),
        });

      expect((await create(first)).kind).toBe("created");
      expect(await store.runs.debounceWindow(ws, scope)).toEqual({ runId: first.id, creations: 1 });
      // A second opener that read the key empty, or another run, conflicts.
      const rival = debounced("cus-1");
      expect(await create(rival)).toEqual({ kind: "conflict" });
      expect(await create(rival, { runId: "run_elsewhere", creations: 1 })).toEqual({ kind: "conflict" });
      expect(await store.runs.get(ws, rival.id)).toBeUndefined();

      // A join counts itself in the key's entry while the entry names its run; an opener that read the
      // window before that join conflicts.
      const stale = { runId: first.id, creations: 1 };
      const join = transition(await stored(store, { ...first, seq: 0, defSeq: 0 }), ids);
      join.run.debounceWindow = { ...window("cus-1"), creations: 2 };
      expect(await store.runs.commit(commitOf(join, { joinDebounceWindow: { scope } }))).toEqual({
        kind: "committed",
      });
      expect(await store.runs.debounceWindow(ws, scope)).toEqual({ runId: first.id, creations: 2 });
      expect(await create(debounced("cus-1"), stale)).toEqual({ kind: "conflict" });

      const next = debounced("cus-1");
      expect((await create(next, { runId: first.id, creations: 2 })).kind).toBe("created");
      expect(await store.runs.debounceWindow(ws, scope)).toEqual({ runId: next.id, creations: 1 });
      // A join of a window that is no longer the key's newest conflicts.
      const late = transition(await stored(store, { ...first, seq: 0, defSeq: 0 }), ids);
      expect(await store.runs.commit(commitOf(late, { joinDebounceWindow: { scope } }))).toEqual({
        kind: "conflict",
      });
      // Keys, definitions and workspaces are apart.
      expect((await create(debounced("cus-2"))).kind).toBe("created");
      expect(await store.runs.debounceWindow(ws, "def_b#cus-1")).toBeUndefined();
      expect(await store.runs.debounceWindow("wsp_other", scope)).toBeUndefined();
      expect((await store.runs.get(ws, next.id))?.debounceWindow).toEqual(window("cus-1"));
    });

    it("claims an idempotency key with a change of a run, unless another run holds it", async () => {
      const holder = await created(store, newRun(ids, ws, { idempotencyKey: "join-1" }));
      const run = await created(store, newRun(ids, ws));
      expect(
        await store.runs.commit(commitOf(transition(run, ids), { claimIdempotencyKey: "join-1" })),
      ).toEqual({
        kind: "conflict",
      });
      expect(await store.runs.runIdForIdempotencyKey(ws, "join-1")).toBe(holder.id);
      expect(
        await store.runs.commit(commitOf(transition(run, ids), { claimIdempotencyKey: "join-2" })),
      ).toEqual({
        kind: "committed",
      });
      expect(await store.runs.runIdForIdempotencyKey(ws, "join-2")).toBe(run.id);
      expect((await stored(store, run)).version).toBe(run.version + 1);
    });
  });
}
