import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { debounceScope } from "../../../domain/debounce";
import { ConflictError } from "../../../domain/errors";
import type { RunRecord } from "../../../domain/run-record";
import type { CreateOutcome, DebounceWindowRef, RunChange, RunCreation } from "../../../ports/store";
import { createEndedCountItems, endCountWrites } from "../lists/ended-count-items";
import { createRunCounters, creationScopes } from "../lists/run-counters";
import type { Table } from "../table/dynamo-client";
import { refuseOversizedPuts, refuseOversizedTransaction, transactionExcess } from "../table/item-size";
import { keys } from "../table/keys";
import type { TransactItem } from "../table/transact";
import { WriteConflict, writeAtomically } from "../table/write-conflict";
import { changeItems } from "./change-items";
import { idempotencyClaim } from "./creation-keys";
import { createEndCounting } from "./end-counting";
import { runItem } from "./run-items";
import { createRunListStore } from "./run-lists";
import { queuedPut } from "./slot-items";
import { createSupersessionLive, MAX_KEPT_LIVE } from "./supersession-live";

/**
 * Creating a run: its numbers (run-counters.ts), then one conditional write of the run with what goes with
 * it. Runs sharing a supersession key are ordered by number through the key's head item, which holds the
 * newest number created with the key and its run. A creation writes the head only if it is as read, and
 * gives up its numbers when the head is already past them: so of two creations racing on a key, the one
 * numbered later commits last and sees (and supersedes) the other.
 */
/** The newest run created with a supersession key, and whether the head keeps the key's live runs. */
export interface SupersessionHead {
  seq: number;
  runId: string;
  /** The head keeps the key's live runs (supersession-live.ts), this many of them. */
  live?: number;
  /** Those runs' ids, when it keeps them: every live run of the key, and perhaps a few ended since. */
  liveRunIds?: string[];
  /** How many runs of the key are numbered (RunRecord.keySeq); absent before the first. */
  runs?: number;
  /** Every run of the key is numbered: the head was created since runs were. */
  numberedAll?: boolean;
}

export type RunCreationStore = ReturnType<typeof createRunCreationStore>;

/**
 * The head's live runs as a creation moves them (supersession-live.ts): a new head starts keeping them with its
 * first run; a head that keeps them adds the run, or, past MAX_KEPT_LIVE, stops keeping them, and readers then
 * walk the key's index as before.
 */
function liveUpdate(read: SupersessionHead | undefined): string {
  if (!read) return ", tracksLive = :tracks ADD live :joining";
  if (read.live === undefined) return "";
  return read.live < MAX_KEPT_LIVE ? " ADD live :joining" : ", tracksLive = :tracks REMOVE live";
}

function liveValues(run: RunRecord, read: SupersessionHead | undefined): Record<string, unknown> {
  if (read && read.live === undefined) return {};
  if (read?.live !== undefined && read.live >= MAX_KEPT_LIVE) return { ":tracks": false };
  return { ...(read ? {} : { ":tracks": true }), ":joining": new Set([run.id]) };
}

export function createRunCreationStore(table: Table) {
  const { counter, takeBoth, giveUp } = createRunCounters(table);
  const endedCounts = createEndedCountItems(table);
  const endCounting = createEndCounting(endCountWrites(endedCounts));
  const supersessionLive = createSupersessionLive(table, createRunListStore(table));

  async function head(workspaceId: string, supersessionKey: string): Promise<SupersessionHead | undefined> {
    const { Item } = await table.client.send(
      new GetCommand({
        TableName: table.name,
        Key: keys.supersessionHead(workspaceId, supersessionKey),
        ConsistentRead: true,
      }),
    );
    if (!Item) return undefined;
    const head: SupersessionHead = { seq: Number(Item.seq), runId: String(Item.runId) };
    if (Item.tracksLive === true) {
      head.liveRunIds = Item.live instanceof Set ? [...(Item.live as Set<string>)] : [];
      head.live = head.liveRunIds.length;
    }
    if (Item.runs !== undefined) head.runs = Number(Item.runs);
    if (Item.numberedAll === true) head.numberedAll = true;
    return head;
  }

  function headAction(
    run: RunRecord,
    supersessionKey: string,
    read: SupersessionHead | undefined,
  ): TransactItem {
    return {
      Update: {
        TableName: table.name,
        Key: keys.supersessionHead(run.workspaceId, supersessionKey),
        UpdateExpression: `SET seq = :seq, runId = :runId, entity = :entity, runs = :runs${read ? "" : ", numberedAll = :all"}${liveUpdate(read)}`,
        // As read: its newest run, and whether it keeps the live runs (a reader may have started it meanwhile).
        ConditionExpression: read
          ? `seq = :read AND ${read.live === undefined ? "(attribute_not_exists(tracksLive) OR tracksLive = :no)" : "tracksLive = :yes"}`
          : "attribute_not_exists(pk)",
        ExpressionAttributeValues: {
          ":seq": run.seq,
          ":runId": run.id,
          ":entity": "SupersessionHead",
          ":runs": run.keySeq,
          ...(read
            ? { ":read": read.seq, ...(read.live === undefined ? { ":no": false } : { ":yes": true }) }
            : { ":all": true }),
          ...liveValues(run, read),
        },
      },
    };
  }

  /** The debounce key's entry moved to the run, if it is still the key's previous window as read. */
  function debounceAction(run: RunRecord, follows: DebounceWindowRef | undefined): TransactItem[] {
    if (!run.debounceWindow) return [];
    return [
      {
        Put: {
          TableName: table.name,
          Item: {
            ...keys.debounceWindow(run.workspaceId, debounceScope(run.definitionId, run.debounceWindow.key)),
            entity: "DebounceWindow",
            runId: run.id,
            creations: run.debounceWindow.creations,
          },
          ...(follows === undefined
            ? { ConditionExpression: "attribute_not_exists(pk)" }
            : {
                ConditionExpression: "runId = :follows AND creations = :creations",
                ExpressionAttributeValues: { ":follows": follows.runId, ":creations": follows.creations },
              }),
        },
      },
    ];
  }

  const store = {
    counter,
    head,
    endedCounts,
    endCounting,
    supersessionLive,

    /**
     * The new run, its key's head moved to it (from `read`), its debounce key's window moved to it, its place in
     * its slot's queue, and the claim of its idempotency key (last: a conflict there is told apart from the others).
     */
    createActions(
      run: RunRecord,
      read: SupersessionHead | undefined,
      debounceFollows?: DebounceWindowRef,
    ): TransactItem[] {
      const actions: TransactItem[] = [
        {
          Put: { TableName: table.name, Item: runItem(run), ConditionExpression: "attribute_not_exists(pk)" },
        },
        ...debounceAction(run, debounceFollows),
      ];
      actions.push(...queuedPut(table, run));
      if (run.supersessionKey !== null) actions.push(headAction(run, run.supersessionKey, read));
      if (run.idempotencyKey !== null)
        actions.push(idempotencyClaim(table, run.workspaceId, run.idempotencyKey, run.id));
      return actions;
    },

    /** Refuses a run too large to store before it takes numbers; measured at the widest numbers. */
    refuseOversized(fields: RunCreation["run"]): void {
      const widest = {
        seq: Number.MAX_SAFE_INTEGER,
        defSeq: Number.MAX_SAFE_INTEGER,
        keySeq: Number.MAX_SAFE_INTEGER,
      };
      refuseOversizedPuts(store.createActions({ ...fields, ...widest }, undefined));
    },

    async create({
      run: fields,
      supersede,
      debounceFollows,
      writesAfter,
    }: RunCreation): Promise<CreateOutcome> {
      store.refuseOversized(fields);
      const { workspaceId } = fields;
      const [runsScope, definitionScope] = creationScopes(fields);
      const [numbers, cleared] = await Promise.allSettled([
        takeBoth(workspaceId, runsScope, definitionScope),
        writesAfter,
      ]);
      if (numbers.status === "rejected") throw numbers.reason;
      const [seq, defSeq] = numbers.value;
      const giveUpNumbers = () =>
        Promise.all([
          giveUp(workspaceId, runsScope, seq),
          ...(definitionScope === runsScope ? [] : [giveUp(workspaceId, definitionScope, defSeq)]),
        ]);
      if (cleared.status === "rejected") {
        await giveUpNumbers();
        throw cleared.reason;
      }
      const run: RunRecord = { ...fields, seq, defSeq };
      let prepared: Prepared;
      try {
        prepared = await prepare(run, supersede, debounceFollows);
      } catch (error) {
        // Nothing is written yet (the key's head unreadable, too many live runs to supersede, …).
        await giveUpNumbers();
        throw error;
      }
      const outcome = await write(run, prepared);
      // Only on a known outcome: after an unknown error the run may exist, and a gap would hide it.
      if (outcome.kind !== "created") await giveUpNumbers();
      return outcome;
    },

    async runIdForIdempotencyKey(workspaceId: string, idempotencyKey: string): Promise<string | undefined> {
      const { Item } = await table.client.send(
        new GetCommand({
          TableName: table.name,
          Key: keys.idempotency(workspaceId, idempotencyKey),
          ConsistentRead: true,
        }),
      );
      return typeof Item?.runId === "string" ? Item.runId : undefined;
    },

    async debounceWindow(workspaceId: string, scope: string): Promise<DebounceWindowRef | undefined> {
      const { Item } = await table.client.send(
        new GetCommand({
          TableName: table.name,
          Key: keys.debounceWindow(workspaceId, scope),
          ConsistentRead: true,
        }),
      );
      return Item ? { runId: String(Item.runId), creations: Number(Item.creations) } : undefined;
    },
  };

  /**
   * What the creating transaction writes, read and built before anything is written: the new run's items (a
   * key's head read first: "conflict" when a newer run already moved it) and the changes that supersede.
   */
  async function prepare(
    run: RunRecord,
    supersede: RunCreation["supersede"],
    debounceFollows: DebounceWindowRef | undefined,
  ): Promise<Prepared> {
    const read = run.supersessionKey === null ? undefined : await head(run.workspaceId, run.supersessionKey);
    if (read && read.seq > run.seq) return { kind: "conflict" };
    // Numbered after the key's newest run, in the transaction that moves its head: dense, with no gaps.
    if (run.supersessionKey !== null) run.keySeq = (read?.runs ?? 0) + 1;
    const creation = store.createActions(run, read, debounceFollows);
    const superseding = await supersede();
    const items = [...creation, ...changeItems(table, superseding)];
    const excess = superseding.length > 0 ? transactionExcess(items) : undefined;
    if (excess) throw tooManyToSupersede(superseding.length, excess.text);
    refuseOversizedTransaction(items);
    return { kind: "ready", creation, superseding, items };
  }

  async function write(run: RunRecord, prepared: Prepared): Promise<CreateOutcome> {
    if (prepared.kind === "conflict") return prepared;
    const { creation, superseding, items } = prepared;
    const ending = await endCounting.place(superseding.map((change) => change.commit.run));
    const commits = superseding.map((change) => change.commit);
    try {
      await writeAtomically(table, items);
    } catch (error) {
      const conflict = error instanceof WriteConflict;
      await endCounting.settle(ending, conflict ? "lost" : "unknown");
      if (!conflict) throw error;
      if (run.idempotencyKey !== null && error.lostAt(creation.length - 1)) {
        const runId = await store.runIdForIdempotencyKey(run.workspaceId, run.idempotencyKey);
        if (runId) return { kind: "idempotent", runId };
      }
      return { kind: "conflict" };
    }
    await endCounting.settle(ending, "committed");
    await supersessionLive.afterWrite(commits);
    return { kind: "created", run };
  }

  return store;
}

/** Live runs are superseded in the creating transaction: no more of them than it holds (docs/limits.md). */
function tooManyToSupersede(live: number, excess: string): ConflictError {
  return new ConflictError(
    `Superseding the key's ${live} live runs in the creating write would write ${excess}. Cancel some of ` +
      "them (GET /v1/workflow-runs?supersessionKey=… lists them), then create the run again",
    { details: { liveRuns: live } },
  );
}

/** The creation's own actions, the changes that supersede, and the whole transaction they make. */
type Prepared =
  | { kind: "conflict" }
  | { kind: "ready"; creation: TransactItem[]; superseding: RunChange[]; items: TransactItem[] };
