import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { runWriteUnits } from "../../core/adapters/dynamodb/runs/run-items";
import { recordDays } from "../../core/domain/cost-record";
import type { IdGenerator } from "../../core/domain/ids";
import { RunStatus } from "../../core/domain/statuses";
import type { RunsStore } from "../../core/ports/store";
import {
  awaitApproval,
  call,
  commitOf,
  completeAndStart,
  costOf,
  created,
  decide,
  fixedIds,
  lease,
  MINUTE,
  newRun,
  start,
  stored,
  T0,
  transition,
} from "./run-fixtures";
import type { MakeStore } from "./runs-store.contract";

const ws = "wsp_commit";

/** `runs.commit`: one conditional, all-or-nothing write of a run change and what goes with it. */
export function describeRunCommit(makeStore: MakeStore): void {
  describe("commit", () => {
    let store: RunsStore;
    let ids: IdGenerator;

    beforeEach(async () => {
      store = await makeStore();
      ids = fixedIds();
    });

    it("writes the run at the version it was read at; a stale change conflicts, writing only its paid calls' record", async () => {
      const run = await created(store, newRun(ids, ws));
      const first = transition(run, ids);
      start(first);
      const firstChange = commitOf(first);
      expect(await store.runs.commit(firstChange)).toEqual({ kind: "committed" });

      const stale = transition(run, ids, T0 + 2 * MINUTE);
      start(stale);
      const approval = awaitApproval(stale, ids);
      const cost = costOf(run, "cost_stale", [call()]);
      expect(await store.runs.commit(commitOf(stale, { openApproval: approval, cost }))).toEqual({
        kind: "conflict",
      });

      const after = await stored(store, run);
      expect(after).toEqual(firstChange.commit.run);
      expect(await store.runs.events(after, 1, 10)).toEqual(firstChange.commit.events);
      expect(await store.approvals.get(ws, approval.id)).toBeUndefined();
      // The calls were made and paid for whether the change commits or not.
      expect(await store.costs.forRun(ws, run.id, recordDays(run))).toEqual([cost]);
      // Its run takes its sums (the pipeline's lost-commit path), not the pending list.
      expect(await store.costs.pending(ws, 10)).toEqual([]);
    });

    it("conflicts on a run that was never created", async () => {
      const run = { ...newRun(ids, ws), seq: 1, defSeq: 1 };
      const tx = transition(run, ids);
      start(tx);

      expect(await store.runs.commit(commitOf(tx))).toEqual({ kind: "conflict" });
      expect(await store.runs.get(ws, run.id)).toBeUndefined();
    });

    it("writes a change that records no event as the run alone, at the version it was read at", async () => {
      const run = await created(store, newRun(ids, ws));
      const first = transition(run, ids);
      start(first);
      const firstChange = commitOf(first);
      await store.runs.commit(firstChange);

      const read = await stored(store, run);
      const renewal = transition(read, ids, T0 + 2 * MINUTE);
      renewal.requireActive().lease = lease(T0 + 2 * MINUTE);
      const change = commitOf(renewal);
      expect(change.commit.events).toEqual([]);
      expect(await store.runs.commit(change)).toEqual({ kind: "committed" });

      const after = await stored(store, run);
      expect(after).toEqual(change.commit.run);
      expect(await store.runs.events(after, 1, 10)).toEqual(firstChange.commit.events);

      // Stale, with no journal item whose key could collide: only the version check stops it.
      const staleRenewal = transition(read, ids, T0 + 3 * MINUTE);
      staleRenewal.requireActive().lease = lease(T0 + 3 * MINUTE);
      expect(await store.runs.commit(commitOf(staleRenewal))).toEqual({ kind: "conflict" });
      expect(await stored(store, run)).toEqual(after);
    });

    it("keeps earlier history with the run while keeping it costs nothing more to write, then files it", async () => {
      const run = await created(store, newRun(ids, ws));
      const first = transition(run, ids);
      start(first);
      await store.runs.commit({ commit: first.finish() });

      const second = transition(await stored(store, run), ids, T0 + 2 * MINUTE);
      completeAndStart(second, "b");
      await store.runs.commit({ commit: second.finish() });
      const kept = await stored(store, run);
      expect(kept.recent?.events.map((event) => event.seq)).toEqual([1, 2, 3, 4]);
      expect(runWriteUnits(kept)).toBe(1);

      // A step run that does not compress takes the run item to a second write unit with or without the rest.
      const third = transition(kept, ids, T0 + 3 * MINUTE);
      third.requireActive().stepRun.input = { noise: randomBytes(700).toString("base64") };
      completeAndStart(third, "c");
      await store.runs.commit({ commit: third.finish() });
      const large = await stored(store, run);
      expect(large.recent?.events.map((event) => event.seq)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(runWriteUnits(large)).toBe(2);

      // Kept any longer, that history would cost the second unit at every commit: it is filed.
      const fourth = transition(large, ids, T0 + 4 * MINUTE);
      completeAndStart(fourth, "d");
      const filing = fourth.finish();
      await store.runs.commit({ commit: filing });
      expect(runWriteUnits(filing.run)).toBe(1);

      const after = await stored(store, run);
      expect(after.recent?.events.map((event) => event.seq)).toEqual([7, 8]);
      const seqs = (await store.runs.events(after, 1, 10)).map((event) => event.seq);
      expect(seqs).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    });

    it("opens an approval request with its change, and a second change opening it conflicts", async () => {
      const run = await created(store, newRun(ids, ws));
      const tx = transition(run, ids);
      start(tx);
      const approval = awaitApproval(tx, ids);
      expect(await store.runs.commit(commitOf(tx, { openApproval: approval }))).toEqual({
        kind: "committed",
      });
      expect(await store.approvals.get(ws, approval.id)).toEqual(approval);
      expect(await store.approvals.list(ws, true)).toEqual([approval]);

      const before = await stored(store, run);
      const again = transition(before, ids, T0 + 2 * MINUTE);
      again.record("APPROVAL_REQUESTED", { stepName: "a", approvalRequestId: approval.id });
      const reopened = { ...approval, prompt: "Again?" };
      expect(await store.runs.commit(commitOf(again, { openApproval: reopened }))).toEqual({
        kind: "conflict",
      });
      expect(await stored(store, run)).toEqual(before);
      expect(await store.approvals.get(ws, approval.id)).toEqual(approval);
    });

    it("offers no pending request its run does not wait for, and a settled one whatever its run does", async () => {
      const run = await created(store, newRun(ids, ws));
      const opening = transition(run, ids);
      start(opening);
      const approval = awaitApproval(opening, ids);
      await store.runs.commit(commitOf(opening, { openApproval: approval }));
      const other = await created(store, newRun(ids, ws));
      const otherOpening = transition(other, ids);
      start(otherOpening);
      const decided = awaitApproval(otherOpening, ids);
      await store.runs.commit(commitOf(otherOpening, { openApproval: decided }));
      const deciding = transition(await stored(store, other), ids, T0 + 2 * MINUTE);
      const approved = decide(deciding, decided, "approved");
      await store.runs.commit(commitOf(deciding, { settleApproval: approved }));

      // The run moves off its request without settling it, as a change that never committed leaves one.
      const failing = transition(await stored(store, run), ids, T0 + 2 * MINUTE);
      failing.setRunStatus(RunStatus.Cancelled);
      failing.run.active = null;
      failing.record("WORKFLOW_CANCELLED", {});
      await store.runs.commit(commitOf(failing));

      expect(await store.approvals.get(ws, approval.id)).toBeUndefined();
      expect(await store.approvals.list(ws, true)).toEqual([]);
      expect(await store.approvals.list(ws, undefined)).toEqual([approved]);
      expect(await store.approvals.get(ws, decided.id)).toEqual(approved);
    });

    it("settles a request only while undecided: the later decision conflicts and its run change is lost", async () => {
      const run = await created(store, newRun(ids, ws));
      const opening = transition(run, ids);
      start(opening);
      const approval = awaitApproval(opening, ids);
      await store.runs.commit(commitOf(opening, { openApproval: approval }));

      const first = transition(await stored(store, run), ids, T0 + 2 * MINUTE);
      const approved = decide(first, approval, "approved");
      const firstChange = commitOf(first, { settleApproval: approved });
      expect(await store.runs.commit(firstChange)).toEqual({ kind: "committed" });

      const second = transition(await stored(store, run), ids, T0 + 3 * MINUTE);
      const rejected = decide(second, approval, "rejected");
      expect(await store.runs.commit(commitOf(second, { settleApproval: rejected }))).toEqual({
        kind: "conflict",
      });

      const after = await stored(store, run);
      expect(after).toEqual(firstChange.commit.run);
      expect((await store.runs.events(after, 1, 10)).map((event) => event.eventType)).toEqual([
        "WORKFLOW_STARTED",
        "STEP_STARTED",
        "APPROVAL_REQUESTED",
        "APPROVAL_DECIDED",
      ]);
      expect(await store.approvals.get(ws, approval.id)).toEqual(approved);
      expect(await store.approvals.list(ws, false)).toEqual([approved]);
      expect(await store.approvals.list(ws, true)).toEqual([]);
    });

    it("lists an expired request neither pending nor decided, and it can no longer be decided", async () => {
      const run = await created(store, newRun(ids, ws));
      const opening = transition(run, ids);
      start(opening);
      const approval = awaitApproval(opening, ids);
      await store.runs.commit(commitOf(opening, { openApproval: approval }));
      const expiring = transition(await stored(store, run), ids, T0 + 2 * MINUTE);
      const expired = { ...approval, expiredAt: expiring.now };
      await store.runs.commit(commitOf(expiring, { settleApproval: expired }));

      const late = transition(await stored(store, run), ids, T0 + 3 * MINUTE);
      const approved = decide(late, approval, "approved");
      expect(await store.runs.commit(commitOf(late, { settleApproval: approved }))).toEqual({
        kind: "conflict",
      });
      expect(await store.approvals.list(ws, true)).toEqual([]);
      expect(await store.approvals.list(ws, false)).toEqual([]);
      expect(await store.approvals.list(ws, undefined)).toEqual([expired]);
    });

    it("lists a workspace's approval requests newest first", async () => {
      const opened = [];
      for (const [workspaceId, minutes] of [
        [ws, 1],
        [ws, 3],
        ["wsp_other", 2],
        [ws, 2],
      ] as const) {
        const run = await created(store, newRun(ids, workspaceId));
        const tx = transition(run, ids, T0 + minutes * MINUTE);
        start(tx);
        const approval = awaitApproval(tx, ids);
        await store.runs.commit(commitOf(tx, { openApproval: approval }));
        opened.push(approval);
      }
      const [oldest, newest, , middle] = opened;

      expect(await store.approvals.list(ws, undefined)).toEqual([newest, middle, oldest]);
      expect(await store.approvals.list(ws, true)).toEqual([newest, middle, oldest]);
    });

    it("writes a change's cost record once: a later change or put with its id leaves the first", async () => {
      const run = await created(store, newRun(ids, ws));
      const tx = transition(run, ids);
      start(tx);
      const cost = costOf(run, "cost_1", [call()]);
      expect(await store.runs.commit(commitOf(tx, { cost }))).toEqual({ kind: "committed" });
      expect(await store.costs.forRun(ws, run.id, recordDays(run))).toEqual([cost]);
      expect(await store.costs.pending(ws, 10)).toEqual([]);

      const before = await stored(store, run);
      const again = transition(before, ids, T0 + 2 * MINUTE);
      again.record("STEP_COMPLETED", { stepName: "a", durationMs: 1 });
      const repeated = { ...cost, calls: [call({ costUsd: 9 })] };
      const change = commitOf(again, { cost: repeated });
      expect(await store.runs.commit(change)).toEqual({ kind: "committed" });
      expect(await stored(store, run)).toEqual(change.commit.run);

      await store.costs.put(repeated);
      expect(await store.costs.forRun(ws, run.id, recordDays(run))).toEqual([cost]);
    });
  });
}
