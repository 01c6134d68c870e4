import { debounceScope } from "../../domain/debounce";
import type { RunRecord } from "../../domain/run-record";
import { listedDefinitionId } from "../../domain/run-revisions";
import { waitingForOf } from "../../domain/run-slots";
import { LIVE_RUN_STATUSES } from "../../domain/statuses";
import type {
  CommitOutcome,
  CreateOutcome,
  DebounceWindowRef,
  RunChange,
  RunCreation,
  RunFilters,
  RunNumbers,
  RunStore,
} from "../../ports/store";
import { creationScopes } from "../dynamodb/lists/counter-items";
import { createEndCounting } from "../dynamodb/runs/end-counting";
import { eventsOf, stepRunsOf } from "../dynamodb/runs/run-history";
import { keys } from "../dynamodb/table/keys";
import { sweepShard } from "../dynamodb/table/sweep-index";
import {
  changeActions,
  changesActions,
  changeWriteActions,
  creationActions,
  refuseOversizedRun,
  refuseUnwritable,
  storedRun,
} from "./dynamo-items";
import { debounceSlot, idempotencySlot, runSlot } from "./item-slots";
import { apply, holds, writeBefore } from "./run-change";
import { enqueue, readSlot, readThrottle } from "./slots";
import { byKey, type MemoryState, type RunCounter, slot } from "./state";
import { readStepsCounted } from "./step-counters";

/**
 * Runs in memory, with the DynamoDB adapter's semantics (run-store.ts) as the contract suite holds them. Every
 * method is synchronous up to its answer, so each is atomic; `create` alone awaits (its go-ahead and its
 * `supersede`) between taking its numbers and writing, as the adapter does.
 */
export function createMemoryRuns(state: MemoryState): RunStore {
  const counterSlot = (workspaceId: string, scope: string) => slot(keys.runCounter(workspaceId, scope));
  const debounceSlotOf = (run: RunRecord) =>
    run.debounceWindow &&
    debounceSlot(run.workspaceId, debounceScope(run.definitionId, run.debounceWindow.key));
  const headSlot = (workspaceId: string, key: string) => slot(keys.supersessionHead(workspaceId, key));
  const headOf = ({ workspaceId, supersessionKey }: RunRecord) =>
    supersessionKey === null ? undefined : state.heads.get(headSlot(workspaceId, supersessionKey));

  function runsOf(workspaceId: string, matches: (run: RunRecord) => boolean): RunRecord[] {
    return [...state.runs.values()]
      .map((stored) => stored.record)
      .filter((run) => run.workspaceId === workspaceId && matches(run))
      .sort((a, b) => b.seq - a.seq);
  }

  function counter(workspaceId: string, scope: string): RunCounter {
    const key = counterSlot(workspaceId, scope);
    const found = state.counters.get(key) ?? { workspaceId, scope, count: 0, gaps: [] };
    state.counters.set(key, found);
    return found;
  }

  /** The adapter's `ADD`: the counter's next number, taken at once. */
  const take = (workspaceId: string, scope: string) => ++counter(workspaceId, scope).count;

  // Lists count by filtering the runs: only the marks counting leaves on a run are kept, as the adapter does.
  const endCounting = createEndCounting({ counts: async () => true, add: async () => {} });

  function number(fields: RunCreation["run"]): RunNumbers {
    const [runsScope, definitionScope] = creationScopes(fields);
    const seq = take(fields.workspaceId, runsScope);
    return { seq, defSeq: fields.parent ? seq : take(fields.workspaceId, definitionScope) };
  }

  function giveUp(fields: RunCreation["run"], { seq, defSeq }: RunNumbers): void {
    const [runsScope, definitionScope] = creationScopes(fields);
    counter(fields.workspaceId, runsScope).gaps.push(seq);
    if (!fields.parent) counter(fields.workspaceId, definitionScope).gaps.push(defSeq);
  }

  /** The creation's outcome once numbered; after a conflict or an idempotent answer the numbers are gaps. */
  async function write(
    run: RunRecord,
    supersede: RunCreation["supersede"],
    debounceFollows: DebounceWindowRef | undefined,
  ): Promise<CreateOutcome> {
    const read = structuredClone(headOf(run));
    if (read && read.seq > run.seq) return { kind: "conflict" };
    if (run.supersessionKey !== null) run.keySeq = (read?.runs ?? 0) + 1;
    const superseding = await supersede();
    const ending = await endCounting.place(superseding.map((change) => change.commit.run));
    let outcome: CreateOutcome;
    try {
      outcome = writeCounted(run, read, superseding, debounceFollows);
    } catch (error) {
      await endCounting.settle(ending, "lost");
      throw error;
    }
    await endCounting.settle(ending, outcome.kind === "created" ? "committed" : "lost");
    return outcome;
  }

  /** The creation's writes, once the runs it supersedes are counted as ended. */
  function writeCounted(
    run: RunRecord,
    read: { seq: number; runId: string } | undefined,
    superseding: RunChange[],
    debounceFollows: DebounceWindowRef | undefined,
  ): CreateOutcome {
    const { workspaceId, supersessionKey, idempotencyKey } = run;
    const changes = superseding.map((change) => ({ change, actions: changeActions(change) }));
    refuseUnwritable([...creationActions(run, read, debounceFollows), ...changesActions(superseding)]);

    const claim =
      idempotencyKey === null
        ? undefined
        : state.idempotency.get(idempotencySlot(workspaceId, idempotencyKey));
    if (claim) return { kind: "idempotent", runId: claim.runId };
    const window = debounceSlotOf(run);
    if (
      headOf(run)?.seq !== read?.seq ||
      (window !== undefined && !sameWindow(state.debounceWindows.get(window), debounceFollows)) ||
      state.runs.has(runSlot(workspaceId, run.id)) ||
      !changes.every(({ change, actions }) => holds(state, change, actions))
    ) {
      return { kind: "conflict" };
    }

    if (window !== undefined && run.debounceWindow) {
      state.debounceWindows.set(window, { runId: run.id, creations: run.debounceWindow.creations });
    }
    if (supersessionKey !== null) {
      state.heads.set(headSlot(workspaceId, supersessionKey), {
        seq: run.seq,
        runId: run.id,
        runs: run.keySeq,
      });
    }
    if (idempotencyKey !== null) {
      state.idempotency.set(idempotencySlot(workspaceId, idempotencyKey), {
        workspaceId,
        idempotencyKey,
        runId: run.id,
      });
    }
    const stored = { ...storedRun(run), journals: [] };
    state.runs.set(runSlot(workspaceId, run.id), stored);
    enqueue(state, run);
    for (const { change, actions } of changes) apply(state, change, actions);
    return { kind: "created", run: structuredClone(stored.record) };
  }

  /** A change once the run it ends is counted, as run-store.ts writes it. */
  function commitCounted(change: RunChange): CommitOutcome {
    const { before, opening, atomic } = changeWriteActions(change);
    // The adapter puts the opened request before the run and withdraws it if the run's write loses: here,
    // in one step, it is written with the change or not at all (run-change.ts).
    refuseUnwritable([...before, ...(opening ? [opening.put] : []), ...atomic]);
    writeBefore(state, change, before);
    if (!holds(state, change, atomic)) return { kind: "conflict" };
    apply(state, change, atomic);
    return { kind: "committed" };
  }

  return {
    async get(workspaceId, runId) {
      const stored = state.runs.get(runSlot(workspaceId, runId));
      return stored && structuredClone(stored.record);
    },

    async commit(change: RunChange) {
      const ending = await endCounting.place([change.commit.run]);
      let outcome: CommitOutcome;
      try {
        outcome = commitCounted(change);
      } catch (error) {
        await endCounting.settle(ending, "lost");
        throw error;
      }
      await endCounting.settle(ending, outcome.kind === "committed" ? "committed" : "lost");
      return outcome;
    },

    async create({ run: fields, supersede, debounceFollows, numbers }: RunCreation): Promise<CreateOutcome> {
      try {
        refuseOversizedRun(fields);
      } catch (error) {
        if (numbers) giveUp(fields, numbers);
        throw error;
      }
      const taken = numbers ?? number(fields);
      const run: RunRecord = { ...fields, ...taken };
      const outcome = await write(run, supersede, debounceFollows);
      if (outcome.kind !== "created") giveUp(fields, taken);
      return outcome;
    },

    async number(fields) {
      return number(fields);
    },

    async giveUpNumbers(fields, numbers) {
      giveUp(fields, numbers);
    },

    async runIdForIdempotencyKey(workspaceId, idempotencyKey) {
      return state.idempotency.get(idempotencySlot(workspaceId, idempotencyKey))?.runId;
    },

    async debounceWindow(workspaceId, scope) {
      return structuredClone(state.debounceWindows.get(debounceSlot(workspaceId, scope)));
    },

    /** One sort over the workspace's runs: the adapter's counters and indexes give the same pages. */
    async list(workspaceId, filters: RunFilters, page, pageSize) {
      const {
        status,
        live,
        definitionId,
        supersessionKey,
        parentRunId,
        createdAfter,
        createdBefore,
        waitingFor,
      } = filters;
      const matching = runsOf(
        workspaceId,
        (run) =>
          run.parent?.runId === parentRunId &&
          (parentRunId !== undefined ||
            ((status === undefined || run.status === status) &&
              (live === undefined || LIVE_RUN_STATUSES.includes(run.status)) &&
              (definitionId === undefined || listedDefinitionId(run) === definitionId) &&
              (supersessionKey === undefined || run.supersessionKey === supersessionKey) &&
              (createdAfter === undefined || run.createdAt >= createdAfter) &&
              (createdBefore === undefined || run.createdAt < createdBefore) &&
              (waitingFor === undefined || waitingForOf(run) === waitingFor))),
      );
      const start = (page - 1) * pageSize;
      return { items: structuredClone(matching.slice(start, start + pageSize)), total: matching.length };
    },

    async liveWithSupersessionKey(workspaceId, supersessionKey) {
      const newest = state.heads.get(headSlot(workspaceId, supersessionKey))?.runId;
      return structuredClone(
        runsOf(
          workspaceId,
          (run) =>
            run.supersessionKey === supersessionKey &&
            (LIVE_RUN_STATUSES.includes(run.status) || run.id === newest),
        ),
      );
    },

    async stepRuns(run: RunRecord) {
      const journals = state.runs.get(runSlot(run.workspaceId, run.id))?.journals ?? [];
      return structuredClone(stepRunsOf(run, journals));
    },

    async events(run: RunRecord, fromSeq, toSeq) {
      const journals = state.runs.get(runSlot(run.workspaceId, run.id))?.journals ?? [];
      return structuredClone(eventsOf(run, journals, fromSeq, toSeq));
    },

    async slot(workspaceId, slotKey, first) {
      return readSlot(state, workspaceId, slotKey, first);
    },

    async throttle(workspaceId, throttleKey) {
      return readThrottle(state, workspaceId, throttleKey);
    },

    async stepsCounted(workspaceId, counterRunId) {
      return readStepsCounted(state, workspaceId, counterRunId);
    },

    /** In the adapter's sweep order: partition by partition, each in its gsi5 sort key's order. */
    async *overdue(dueBy) {
      // The adapter's key condition: a key sorts at or before `<dueBy>#~` when its due time is at or before dueBy.
      const bound = `${dueBy}#~`;
      const due = [...state.runs.values()]
        .filter(({ sweepKey }) => sweepKey !== undefined && sweepKey <= bound)
        .map(({ record, sweepKey }) => ({ record, sweepKey: sweepKey ?? "", shard: sweepShard(record.id) }))
        .sort((a, b) => a.shard - b.shard || byKey(a.sweepKey, b.sweepKey));
      for (const { record } of due) yield { workspaceId: record.workspaceId, runId: record.id };
    },
  };
}

function sameWindow(held: DebounceWindowRef | undefined, read: DebounceWindowRef | undefined): boolean {
  return held?.runId === read?.runId && held?.creations === read?.creations;
}
