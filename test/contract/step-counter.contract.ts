import { beforeEach, describe, expect, it } from "vitest";
import type { IdGenerator } from "../../core/domain/ids";
import { LIMITS } from "../../core/domain/limits";
import type { RunRecord } from "../../core/domain/run-record";
import { RunStatus } from "../../core/domain/statuses";
import type { RunsStore } from "../../core/ports/store";
import { commitOf, created, fixedIds, newRun, start, stored, transition } from "./run-fixtures";
import type { MakeStore } from "./runs-store.contract";

const ws = "wsp_steps";

/**
 * A run tree's step counter (core/domain/step-counter.ts): opened by the commit of the run that starts child
 * runs, moved by the commits of its tree's runs that start steps, each only while the bound leaves room.
 */
export function describeStepCounter(makeStore: MakeStore): void {
  describe("step counters", () => {
    let store: RunsStore;
    let ids: IdGenerator;
    let root: RunRecord;

    beforeEach(async () => {
      store = await makeStore();
      ids = fixedIds();
      root = await created(store, newRun(ids, ws));
    });

    /** The root's first step started, its counter opened with it: `count` steps (the root's own). */
    async function openedAt(count: number): Promise<void> {
      const tx = transition(root, ids);
      start(tx);
      tx.run.stepsExecuted = count;
      tx.openStepCounter();
      expect(await store.runs.commit(commitOf(tx))).toEqual({ kind: "committed" });
    }

    /** A child of the root's tree that starts its first step, its count of the tree as read being `read`. */
    async function childStarts(read: number) {
      const child = await created(store, newRun(ids, ws, { stepCounter: root.id }));
      const tx = transition(child, ids);
      tx.countTreeSteps(read);
      start(tx);
      return { outcome: await store.runs.commit(commitOf(tx)), child };
    }

    it("counts nothing for a run whose tree has no counter", async () => {
      expect(await store.runs.stepsCounted(ws, root.id)).toBe(0);
    });

    it("opens with the root's count, adds the steps its tree's commits start, and reads strongly", async () => {
      await openedAt(7);
      expect(await store.runs.stepsCounted(ws, root.id)).toBe(7);

      expect((await childStarts(7)).outcome).toEqual({ kind: "committed" });
      expect((await childStarts(7)).outcome).toEqual({ kind: "committed" });

      expect(await store.runs.stepsCounted(ws, root.id)).toBe(9);
    });

    it("refuses the commit that would take the tree past the bound, writing nothing of it", async () => {
      await openedAt(LIMITS.stepsPerRun - 1);
      const last = await childStarts(LIMITS.stepsPerRun - 1);
      expect(last.outcome).toEqual({ kind: "committed" });

      // Read before the last step was counted: the commit cannot know the room is gone, the counter does.
      const late = await childStarts(LIMITS.stepsPerRun - 1);

      expect(late.outcome).toEqual({ kind: "conflict" });
      expect(await store.runs.stepsCounted(ws, root.id)).toBe(LIMITS.stepsPerRun);
      expect((await stored(store, late.child)).status).toBe(RunStatus.Pending);
    });
  });
}
