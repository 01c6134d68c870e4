import { beforeEach, describe, expect, it } from "vitest";
import { runItem } from "../../core/adapters/dynamodb/runs/run-items";
import { DYNAMODB_BOUNDS, itemSizeBytes } from "../../core/adapters/dynamodb/table/item-size";
import { recordDays } from "../../core/domain/cost-record";
import type { IdGenerator } from "../../core/domain/ids";
import type { RunChange, RunsStore } from "../../core/ports/store";
import { incompressible } from "../helpers/incompressible";
import {
  awaitApproval,
  call,
  commitOf,
  costOf,
  created,
  fixedIds,
  newRun,
  start,
  stored,
  transition,
} from "./run-fixtures";
import type { MakeStore } from "./runs-store.contract";

const ws = "wsp_bound";
const tooLarge = { name: "BoundExceeded", code: "ITEM_TOO_LARGE" };

/**
 * DynamoDB's 400 KB item bound, measured as DynamoDB measures the items the adapter writes: a change that
 * would write a larger item is refused with BoundExceeded (ITEM_TOO_LARGE), and nothing of it is written.
 */
export function describeItemBound(makeStore: MakeStore): void {
  describe("the item bound", () => {
    let store: RunsStore;
    let ids: IdGenerator;

    beforeEach(async () => {
      store = await makeStore();
      ids = fixedIds();
    });

    /**
     * A change starting the run whose run item is as large as the bound allows (`past` false), or the smallest
     * past it (`past` true), padded in its state. The run item's body is compressed, so the pad is text that
     * does not compress, and its length is searched for.
     */
    async function startAtTheBound(past: boolean): Promise<RunChange> {
      const run = await created(store, newRun(ids, ws));
      const tx = transition(run, ids);
      start(tx);
      const openApproval = awaitApproval(tx, ids);
      const change = commitOf(tx, { openApproval, cost: costOf(run, "cost_1", [call()]) });
      const noise = incompressible(2 * DYNAMODB_BOUNDS.itemBytes);
      const sizeWith = (length: number) => {
        change.commit.run.state.pad = noise.slice(0, length);
        return itemSizeBytes(runItem(change.commit.run));
      };
      let [within, beyond] = [0, noise.length];
      while (beyond - within > 1) {
        const middle = Math.floor((within + beyond) / 2);
        if (sizeWith(middle) <= DYNAMODB_BOUNDS.itemBytes) within = middle;
        else beyond = middle;
      }
      const size = sizeWith(past ? beyond : within);
      if (past) expect(size).toBeGreaterThan(DYNAMODB_BOUNDS.itemBytes);
      else expect(size).toBeGreaterThan(DYNAMODB_BOUNDS.itemBytes - 8);
      expect(size <= DYNAMODB_BOUNDS.itemBytes).toBe(!past);
      return change;
    }

    it("commits a change whose run item is at the bound", async () => {
      const change = await startAtTheBound(false);

      expect(await store.runs.commit(change)).toEqual({ kind: "committed" });
      expect(await stored(store, change.commit.run)).toEqual(change.commit.run);
    });

    it("refuses a change whose run item is just past it, writing nothing of the change", async () => {
      const change = await startAtTheBound(true);
      const { run } = change.commit;

      await expect(store.runs.commit(change)).rejects.toMatchObject(tooLarge);
      const after = await stored(store, run);
      expect(after.version).toBe(1);
      expect(await store.runs.events(after, 1, 10)).toEqual([]);
      expect(await store.approvals.get(ws, change.openApproval?.id ?? "")).toBeUndefined();
      expect(await store.costs.forRun(ws, run.id, recordDays(run))).toEqual([]);
    });

    it("refuses a change whose journal item is past it, however small the run item", async () => {
      const run = await created(store, newRun(ids, ws));
      const tx = transition(run, ids);
      start(tx);
      tx.record("WORKFLOW_FAILED", { error: incompressible(2 * DYNAMODB_BOUNDS.itemBytes), stepName: "a" });

      await expect(store.runs.commit(commitOf(tx))).rejects.toMatchObject(tooLarge);
      expect(await stored(store, run)).toEqual(run);
      expect(await store.runs.events(run, 1, 10)).toEqual([]);
    });

    it("refuses a creation whose run item is past it, numbering nothing", async () => {
      const input = { text: incompressible(2 * DYNAMODB_BOUNDS.itemBytes) };
      const run = newRun(ids, ws, { input, idempotencyKey: "key-1" });

      await expect(store.runs.create({ run, supersede: async () => [] })).rejects.toMatchObject(tooLarge);
      expect(await store.runs.get(ws, run.id)).toBeUndefined();
      expect(await store.runs.runIdForIdempotencyKey(ws, "key-1")).toBeUndefined();
      expect(await store.runs.list(ws, {}, 1, 10)).toEqual({ items: [], total: 0 });
      expect((await created(store, newRun(ids, ws))).seq).toBe(1);
    });
  });
}
