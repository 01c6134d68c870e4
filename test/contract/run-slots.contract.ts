import { beforeEach, describe, expect, it } from "vitest";
import type { IdGenerator } from "../../core/domain/ids";
import type { RunRecord } from "../../core/domain/run-record";
import type { RunThrottle } from "../../core/domain/run-slots";
import { RunStatus } from "../../core/domain/statuses";
import type { RunChange, RunsStore } from "../../core/ports/store";
import {
  commitOf,
  completeRun,
  created,
  fixedIds,
  MINUTE,
  newRun,
  start,
  stored,
  T0,
  transition,
} from "./run-fixtures";
import type { MakeStore } from "./runs-store.contract";

const ws = "wsp_slots";
const slot = { key: "concurrency:def_a:acme", limit: 2 };

/** Slots and throttles (core/domain/run-slots.ts): moved only by the commits of the runs that hold them. */
export function describeRunSlots(makeStore: MakeStore): void {
  describe("slots", () => {
    let store: RunsStore;
    let ids: IdGenerator;

    beforeEach(async () => {
      store = await makeStore();
      ids = fixedIds();
    });

    const queued = (priority?: number) =>
      created(store, newRun(ids, ws, { slot, ...(priority === undefined ? {} : { priority }) }));

    async function startRun(run: RunRecord) {
      const tx = transition(run, ids);
      start(tx);
      return { outcome: await store.runs.commit(commitOf(tx)), run: tx.run };
    }

    it("queues runs by priority, then creation, and a start takes the run out of the queue", async () => {
      const low = await queued(2);
      const plain = await queued();
      const high = await queued(9);
      const plainToo = await queued();

      expect(await store.runs.slot(ws, slot.key, 10)).toEqual({
        holders: [],
        queue: [
          { runId: high.id, priority: 9 },
          { runId: plain.id, priority: 5 },
          { runId: plainToo.id, priority: 5 },
          { runId: low.id, priority: 2 },
        ],
      });
      expect((await store.runs.slot(ws, slot.key, 2)).queue.map((queued) => queued.runId)).toEqual([
        high.id,
        plain.id,
      ]);

      expect((await startRun(high)).outcome).toEqual({ kind: "committed" });
      expect(await store.runs.slot(ws, slot.key, 10)).toEqual({
        holders: [high.id],
        queue: [plain.id, plainToo.id, low.id].map((runId) => ({
          runId,
          priority: runId === low.id ? 2 : 5,
        })),
      });
    });

    it("admits starts up to the limit and refuses the next, writing nothing of it", async () => {
      const [a, b, c] = [await queued(), await queued(), await queued()] as [RunRecord, RunRecord, RunRecord];
      await startRun(a);
      await startRun(b);

      expect((await startRun(c)).outcome).toEqual({ kind: "conflict" });
      expect((await stored(store, c)).status).toBe(RunStatus.Pending);
      expect(await store.runs.slot(ws, slot.key, 10)).toEqual({
        holders: [a.id, b.id].sort(),
        queue: [{ runId: c.id, priority: 5 }],
      });
    });

    it("frees a holder's place when it ends, for the next start", async () => {
      const [a, b, c] = [await queued(), await queued(), await queued()] as [RunRecord, RunRecord, RunRecord];
      const { run: running } = await startRun(a);
      await startRun(b);
      const ending = transition(running, ids);
      completeRun(ending);
      await store.runs.commit(commitOf(ending));

      expect((await store.runs.slot(ws, slot.key, 0)).holders).toEqual([b.id]);
      expect((await startRun(c)).outcome).toEqual({ kind: "committed" });
      expect((await store.runs.slot(ws, slot.key, 0)).holders).toEqual([b.id, c.id].sort());
    });

    it("takes a run cancelled while queued out of the queue without touching the holders", async () => {
      const [a, b] = [await queued(), await queued()] as [RunRecord, RunRecord];
      await startRun(a);
      const cancel = transition(b, ids);
      cancel.setRunStatus(RunStatus.Cancelled);
      cancel.record("WORKFLOW_CANCELLED", {});
      await store.runs.commit(commitOf(cancel));

      expect(await store.runs.slot(ws, slot.key, 10)).toEqual({ holders: [a.id], queue: [] });
    });

    it("gives back the places of every run a creation supersedes, in the creating commit", async () => {
      const [a, b] = [await queued(), await queued()] as [RunRecord, RunRecord];
      const { run: runningA } = await startRun(a);
      const { run: runningB } = await startRun(b);
      const superseded = [runningA, runningB].map((run) => {
        const tx = transition(run, ids);
        tx.setRunStatus(RunStatus.Superseded);
        tx.record("WORKFLOW_SUPERSEDED", { supersededBy: "run_next" });
        return commitOf(tx);
      });
      const next = newRun(ids, ws, { slot });

      const outcome = await store.runs.create({ run: next, supersede: async () => superseded });
      expect(outcome.kind).toBe("created");
      expect(await store.runs.slot(ws, slot.key, 10)).toEqual({
        holders: [],
        queue: [{ runId: next.id, priority: 5 }],
      });
    });
  });

  describe("throttles", () => {
    let store: RunsStore;
    let ids: IdGenerator;
    const throttle: RunThrottle = { key: "throttle:def_a:", limit: 2, periodMs: 60_000 };

    beforeEach(async () => {
      store = await makeStore();
      ids = fixedIds();
    });

    it("records a start only at the version read: of two starts on one read, one commits", async () => {
      expect(await store.runs.throttle(ws, throttle.key)).toEqual({ starts: [], version: 0 });
      const [a, b] = [
        await created(store, newRun(ids, ws, { throttle })),
        await created(store, newRun(ids, ws, { throttle })),
      ] as [RunRecord, RunRecord];
      const starting = [a, b].map((run) => {
        const tx = transition(run, ids);
        start(tx);
        tx.recordThrottleStart({ throttle, starts: [tx.nowMs], readVersion: 0 });
        return commitOf(tx);
      });

      const [first, second] = starting as [RunChange, RunChange];

      expect(await store.runs.commit(first)).toEqual({ kind: "committed" });
      expect(await store.runs.commit(second)).toEqual({ kind: "conflict" });
      expect((await stored(store, b)).status).toBe(RunStatus.Pending);
      expect(await store.runs.throttle(ws, throttle.key)).toEqual({ starts: [T0 + MINUTE], version: 1 });
    });
  });
}
