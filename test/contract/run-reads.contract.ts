import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { placeHistory } from "../../core/adapters/dynamodb/runs/history-placement";
import { recordDays } from "../../core/domain/cost-record";
import type { IdGenerator } from "../../core/domain/ids";
import type { RunTransition } from "../../core/domain/run-change";
import type { RunChange, RunsStore } from "../../core/ports/store";
import {
  awaitApproval,
  call,
  commitOf,
  completeAndStart,
  completeRun,
  costOf,
  created,
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

const ws = "wsp_reads";

/** What a run's history reads back: events by sequence number, step runs in their latest state, copies. */
export function describeRunReads(makeStore: MakeStore): void {
  describe("run reads", () => {
    let store: RunsStore;
    let ids: IdGenerator;

    beforeEach(async () => {
      store = await makeStore();
      ids = fixedIds();
    });

    /** Four commits: events 1–2, none, 3–4, 5–6; steps a (done in the third) and b (done in the fourth). */
    async function historyOfFourCommits() {
      const run = await created(store, newRun(ids, ws));
      const commits: RunChange[] = [];
      const steps = [
        start,
        (tx: ReturnType<typeof transition>) => {
          tx.requireActive().lease = lease(tx.nowMs);
        },
        (tx: ReturnType<typeof transition>) => completeAndStart(tx, "b"),
        completeRun,
      ];
      for (const [i, step] of steps.entries()) {
        const tx = transition(await stored(store, run), ids, T0 + (i + 1) * MINUTE);
        step(tx);
        const change = commitOf(tx);
        expect(await store.runs.commit(change)).toEqual({ kind: "committed" });
        commits.push(change);
      }
      return { run: await stored(store, run), commits };
    }

    it("pages events by sequence number across the journals of several commits", async () => {
      const { run, commits } = await historyOfFourCommits();
      const all = commits.flatMap((change) => change.commit.events);
      const seqs = async (from: number, to: number) =>
        (await store.runs.events(run, from, to)).map((event) => event.seq);

      expect(run.eventSeq).toBe(6);
      expect(await store.runs.events(run, 1, 6)).toEqual(all);
      expect(await seqs(2, 4)).toEqual([2, 3, 4]);
      expect(await seqs(4, 5)).toEqual([4, 5]);
      expect(await seqs(5, 5)).toEqual([5]);
      expect(await seqs(3, 100)).toEqual([3, 4, 5, 6]);
      expect(await seqs(7, 20)).toEqual([]);
    });

    it("gives every step run in its latest state, in the order they started, the active one from the run", async () => {
      const run = await created(store, newRun(ids, ws));
      const first = transition(run, ids);
      start(first);
      await store.runs.commit(commitOf(first));
      const second = transition(await stored(store, run), ids, T0 + 2 * MINUTE);
      completeAndStart(second, "b");
      await store.runs.commit(commitOf(second));

      const midway = await stored(store, run);
      const [a, b] = await store.runs.stepRuns(midway);
      expect([a?.stepName, a?.status, a?.output]).toEqual(["a", "COMPLETED", { done: "a" }]);
      expect([b?.stepName, b?.status]).toEqual(["b", "RUNNING"]);
      expect(b).toEqual(midway.active?.stepRun);

      const last = transition(midway, ids, T0 + 3 * MINUTE);
      completeRun(last);
      await store.runs.commit(commitOf(last));
      const done = await stored(store, run);
      const stepRuns = await store.runs.stepRuns(done);
      expect(stepRuns.map((stepRun) => [stepRun.stepName, stepRun.status])).toEqual([
        ["a", "COMPLETED"],
        ["b", "COMPLETED"],
      ]);
    });

    /** The active step took an input that does not compress: its history costs the run item a write unit soon. */
    const noisy = (tx: RunTransition) => {
      tx.requireActive().stepRun.input = { noise: randomBytes(400).toString("base64") };
    };

    /** Steps s0..s(n-1), each completed in a commit of its own that starts the next; the run item files its history as it goes. */
    async function runOfSteps(n: number) {
      const run = await created(store, newRun(ids, ws));
      const first = transition(run, ids);
      start(first, "s0");
      await store.runs.commit(commitOf(first));
      for (let i = 1; i < n; i++) {
        const tx = transition(await stored(store, run), ids, T0 + (i + 1) * MINUTE);
        noisy(tx);
        completeAndStart(tx, `s${i}`);
        expect(await store.runs.commit(commitOf(tx))).toEqual({ kind: "committed" });
      }
      return stored(store, run);
    }

    it("reads a long history back whole while commits file it out of the run item", async () => {
      const run = await runOfSteps(30);

      const events = await store.runs.events(run, 1, run.eventSeq);
      expect(events.map((event) => event.seq)).toEqual(Array.from({ length: run.eventSeq }, (_, i) => i + 1));
      expect(JSON.stringify(run.recent ?? {}).length).toBeLessThan(4096);
      expect((await store.runs.events(run, 20, 22)).map((event) => event.seq)).toEqual([20, 21, 22]);
      const stepRuns = await store.runs.stepRuns(run);
      expect(stepRuns.map((stepRun) => [stepRun.stepName, stepRun.status])).toEqual(
        Array.from({ length: 30 }, (_, i) => [`s${i}`, i < 29 ? "COMPLETED" : "RUNNING"]),
      );
    });

    it("keeps every event once when a commit that filed history loses its race", async () => {
      const before = await runOfSteps(4);
      const loser = transition(before, ids, T0 + 10 * MINUTE);
      noisy(loser);
      completeAndStart(loser, "late");
      const winner = transition(before, ids, T0 + 10 * MINUTE);
      noisy(winner);
      completeAndStart(winner, "s4");
      const lost = commitOf(loser);
      expect(placeHistory(lost.commit).filed).toBeDefined();

      expect(await store.runs.commit(commitOf(winner))).toEqual({ kind: "committed" });
      expect(await store.runs.commit(lost)).toEqual({ kind: "conflict" });
      const run = await stored(store, before);
      const events = await store.runs.events(run, 1, 100);
      expect(events.map((event) => event.seq)).toEqual(Array.from({ length: run.eventSeq }, (_, i) => i + 1));
      expect((await store.runs.stepRuns(run)).map((stepRun) => stepRun.stepName)).toEqual([
        "s0",
        "s1",
        "s2",
        "s3",
        "s4",
      ]);
    });

    it("reads a commit in the very next get", async () => {
      const run = await created(store, newRun(ids, ws));
      let current = run;
      for (let i = 1; i <= 3; i++) {
        const tx = transition(current, ids, T0 + i * MINUTE);
        if (i === 1) start(tx);
        else tx.requireActive().lease = lease(tx.nowMs);
        const change = commitOf(tx);
        await store.runs.commit(change);
        current = await stored(store, run);
        expect(current).toEqual(change.commit.run);
        expect(current.version).toBe(i + 1);
      }
    });

    it("hands out copies: changing what it returned or was given changes nothing stored", async () => {
      const creation = newRun(ids, ws);
      const run = await created(store, creation);
      creation.input.customer = "changed";
      run.state.input = "changed";
      const tx = transition(await stored(store, run), ids);
      start(tx);
      const approval = awaitApproval(tx, ids);
      const cost = costOf(run, "cost_1", [call()]);
      const change = commitOf(tx, { openApproval: approval, cost });
      await store.runs.commit(change);
      const expected = structuredClone(change);
      change.commit.run.state.x = "changed";
      change.commit.events.length = 0;
      approval.content.text = "changed";
      cost.calls.length = 0;

      const read = await stored(store, run);
      read.state.y = "changed";
      const events = await store.runs.events(read, 1, 10);
      (events[0] as { payload: Record<string, unknown> }).payload.z = "changed";
      const readApproval = await store.approvals.get(ws, approval.id);
      if (readApproval) readApproval.content.text = "changed again";
      const [readCost] = await store.costs.forRun(ws, run.id, recordDays(run));
      readCost?.calls.push(call());
      const [listed] = (await store.runs.list(ws, {}, 1, 10)).items;
      if (listed) listed.status = "FAILED";
      const [stepRun] = await store.runs.stepRuns(read);
      if (stepRun) stepRun.status = "FAILED";

      expect(await stored(store, run)).toEqual(expected.commit.run);
      expect(await store.runs.events(read, 1, 10)).toEqual(expected.commit.events);
      expect(await store.approvals.get(ws, approval.id)).toEqual(expected.openApproval);
      expect(await store.costs.forRun(ws, run.id, recordDays(run))).toEqual([expected.cost]);
      expect(await store.runs.stepRuns(expected.commit.run)).toEqual([expected.commit.run.active?.stepRun]);
    });
  });
}
