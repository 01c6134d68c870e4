import { describe, expect, it } from "vitest";
import {
  createMemoryRunsStore,
  type MemoryStoreCall,
  type MemoryStoreHook,
} from "../../core/adapters/memory/runs-store";
import { RunStatus } from "../../core/domain/statuses";
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
import { describeRunsStoreContract } from "./runs-store.contract";

describeRunsStoreContract("in-memory", async () => createMemoryRunsStore());

const ws = "wsp_memory";

/** What the simulation harness gets beyond the port: the call hook, dump(), answers in later microtasks. */
describe("the in-memory RunsStore for the simulation harness", () => {
  /** A store whose hook records every call and fails the calls `fail` picks. */
  function storeWithHook(fail: (call: MemoryStoreCall) => boolean = () => false) {
    const calls: string[] = [];
    const onCall: MemoryStoreHook = (call) => {
      calls.push(`${call.operation} ${call.phase}`);
      if (fail(call)) throw new Error(`injected at ${call.operation} ${call.phase}`);
    };
    return { store: createMemoryRunsStore({ onCall }), calls };
  }

  it("answers in a later microtask, never in the caller's", async () => {
    const store = createMemoryRunsStore();
    let answered = false;
    const answer = store.runs.get(ws, "run_1").then(() => {
      answered = true;
    });
    await Promise.resolve();
    expect(answered).toBe(false);
    await answer;
    expect(answered).toBe(true);
  });

  it("calls the hook before and after each operation, nested calls in between", async () => {
    const { store, calls } = storeWithHook();
    const ids = fixedIds();
    const run = newRun(ids, ws, { supersessionKey: "k" });

    const supersede = async () => {
      await store.runs.liveWithSupersessionKey(ws, "k");
      return [];
    };
    await store.runs.create({ run, supersede });

    expect(calls).toEqual([
      "runs.create before",
      "runs.liveWithSupersessionKey before",
      "runs.liveWithSupersessionKey after",
      "runs.create after",
    ]);
  });

  it("applies nothing when the hook throws before an operation", async () => {
    const { store } = storeWithHook((c) => c.operation === "runs.commit" && c.phase === "before");
    const ids = fixedIds();
    const run = await created(store, newRun(ids, ws));
    const tx = transition(run, ids);
    start(tx);

    await expect(store.runs.commit(commitOf(tx))).rejects.toThrow("injected at runs.commit before");
    expect(await stored(store, run)).toEqual(run);
  });

  it("applies the operation but loses its answer when the hook throws after it", async () => {
    const { store } = storeWithHook((c) => c.operation === "runs.commit" && c.phase === "after");
    const ids = fixedIds();
    const run = await created(store, newRun(ids, ws));
    const tx = transition(run, ids);
    start(tx);
    const change = commitOf(tx);

    await expect(store.runs.commit(change)).rejects.toThrow("injected at runs.commit after");
    expect(await stored(store, run)).toEqual(change.commit.run);
  });

  it("hands the hook each answer, and waits for it, so the harness can order interleavings", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answers: unknown[] = [];
    const store = createMemoryRunsStore({
      onCall: async (c) => {
        if (c.operation !== "runs.commit") return;
        if (c.phase === "after") answers.push(c.result);
        else if ((c.args[0] as { commit: { run: { status: string } } }).commit.run.status === "RUNNING")
          await held;
      },
    });
    const ids = fixedIds();
    const run = await created(store, newRun(ids, ws));
    const starting = transition(run, ids);
    start(starting);
    const cancelling = transition(run, ids);
    cancelling.setRunStatus(RunStatus.Cancelled);
    cancelling.record("WORKFLOW_CANCELLED", {});

    const first = store.runs.commit(commitOf(starting));
    await store.runs.commit(commitOf(cancelling));
    release();

    expect(await first).toEqual({ kind: "conflict" });
    expect(answers).toEqual([{ kind: "committed" }, { kind: "conflict" }]);
    expect((await stored(store, run)).status).toBe(RunStatus.Cancelled);
  });

  it("dumps every run with its history, approvals, costs, idempotency keys, counters and slots, as copies", async () => {
    const store = createMemoryRunsStore();
    const ids = fixedIds();
    const run = await created(store, newRun(ids, ws, { idempotencyKey: "order-1" }));
    const tx = transition(run, ids);
    start(tx);
    const approval = awaitApproval(tx, ids);
    const cost = costOf(run, "cost_1", [call()]);
    const change = commitOf(tx, { openApproval: approval, cost });
    await store.runs.commit(change);

    const dump = store.dump();
    expect(dump).toEqual({
      runs: [{ run: change.commit.run, history: { events: change.commit.events, stepRuns: [] } }],
      approvals: [{ workspaceId: ws, approval }],
      costs: [{ cost, pending: false }],
      idempotencyKeys: [{ workspaceId: ws, idempotencyKey: "order-1", runId: run.id }],
      counters: [
        { workspaceId: ws, scope: "RUNS", count: 1, gaps: [] },
        { workspaceId: ws, scope: "DEF#def_a", count: 1, gaps: [] },
      ],
      slotHolders: [],
    });
    dump.runs[0]?.history.events.pop();
    expect(store.dump().runs[0]?.history.events).toEqual(change.commit.events);
  });

  // DynamoDB refuses such a transaction with a ValidationException; DynamoDB Local instead evaluates the
  // second action's condition after the first's write and cancels it, so the contract cannot hold both.
  it("refuses a creation that would change one run twice, writing nothing", async () => {
    const store = createMemoryRunsStore();
    const ids = fixedIds();
    const old = await created(store, newRun(ids, ws));
    const tx = transition(old, ids);
    tx.setRunStatus(RunStatus.Superseded);
    tx.record("WORKFLOW_SUPERSEDED", { supersededBy: "run_next" });
    const change = commitOf(tx);
    const next = newRun(ids, ws);

    await expect(store.runs.create({ run: next, supersede: async () => [change, change] })).rejects.toThrow(
      /multiple operations on one item/,
    );
    expect(await store.runs.get(ws, next.id)).toBeUndefined();
    expect(await stored(store, old)).toEqual(old);
  });
});
