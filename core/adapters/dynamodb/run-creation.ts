import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { debounceScope } from "../../domain/debounce";
import type { RunRecord } from "../../domain/run-record";
import type { CreateOutcome, DebounceWindowRef, RunCreation } from "../../ports/store";
import { changeItems } from "./change-items";
import { idempotencyClaim } from "./creation-keys";
import type { Table } from "./dynamo-client";
import { refuseOversizedPuts } from "./item-size";
import { keys } from "./keys";
import { type Asker, groupBy, perTurn } from "./per-turn";
import { runItem } from "./run-items";
import { queuedPut } from "./slot-items";
import type { TransactItem } from "./transact";
import { WriteConflict, writeAtomically } from "./write-conflict";

/**
 * Creating a run numbers it among the workspace's runs and its definition's runs, for paging
 * (docs/data-model.md, "How lists get total"). Each number is taken with an atomic `ADD` on its counter
 * before the run is written, so concurrent creations never wait on each other or retry for a number. A
 * number whose run is then not written (its idempotency key was claimed meanwhile, a run it supersedes
 * moved) is added to the counter's `gaps`, which lists skip and `total` leaves out.
 *
 * Runs sharing a supersession key are ordered by number through the key's head item, which holds the
 * newest number created with the key and its run. A creation writes the head only if it is as read, and
 * gives up its numbers when the head is already past them: so of two creations racing on a key, the one
 * numbered later commits last and sees (and supersedes) the other.
 */
export interface RunCounter {
  count: number;
  /** Numbers given up, highest first. */
  gaps: number[];
}

/** The newest run created with a supersession key. */
export interface SupersessionHead {
  seq: number;
  runId: string;
}

export const runsCounterScope = "RUNS";
export const definitionCounterScope = (definitionId: string) => `DEF#${definitionId}`;
export const childrenCounterScope = (parentRunId: string) => `CHILDREN#${parentRunId}`;

/**
 * The counters a creation numbers its run in: the workspace's and the definition's, or, for a child run,
 * its parent's alone (both numbers are then the same; only gsi1, under the parent, uses it).
 */
export function creationScopes(run: Pick<RunRecord, "definitionId" | "parent">): [string, string] {
  if (run.parent) {
    const scope = childrenCounterScope(run.parent.runId);
    return [scope, scope];
  }
  return [runsCounterScope, definitionCounterScope(run.definitionId)];
}

export type RunCreationStore = ReturnType<typeof createRunCreationStore>;

interface NumberAsk extends Asker<number> {
  workspaceId: string;
  scope: string;
}

export function createRunCreationStore(table: Table) {
  async function counter(workspaceId: string, scope: string): Promise<RunCounter> {
    const { Item } = await table.client.send(
      new GetCommand({
        TableName: table.name,
        Key: keys.runCounter(workspaceId, scope),
        ConsistentRead: true,
      }),
    );
    const gaps = Item?.gaps instanceof Set ? [...(Item.gaps as Set<number>)].map(Number) : [];
    return { count: Number(Item?.count ?? 0), gaps: gaps.sort((a, b) => b - a) };
  }

  /** Moves a counter on by `numbers` and answers the last of them. */
  async function add(workspaceId: string, scope: string, numbers: number): Promise<number> {
    const { Attributes } = await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: keys.runCounter(workspaceId, scope),
        UpdateExpression: "ADD #count :numbers SET entity = :entity",
        ExpressionAttributeNames: { "#count": "count" },
        ExpressionAttributeValues: { ":numbers": numbers, ":entity": "RunCounter" },
        ReturnValues: "UPDATED_NEW",
      }),
    );
    return Number(Attributes?.count);
  }

  /**
   * The creations of a counter's numbers asked in the same turn of the event loop (a burst of creations in
   * one workspace) take them with one `ADD` of how many they are, each its own number of the range it
   * answers, in the order asked: one write of the hot counter item instead of one each.
   */
  const askNumber = perTurn((asked: NumberAsk[]) => {
    for (const askers of groupBy(
      asked,
      ({ workspaceId, scope }) => `${workspaceId}\u0000${scope}`,
    ).values()) {
      const [{ workspaceId, scope }] = askers as [NumberAsk];
      add(workspaceId, scope, askers.length).then(
        (last) => {
          for (const [i, asker] of askers.entries()) asker.resolve(last - askers.length + 1 + i);
        },
        (error: unknown) => {
          for (const asker of askers) asker.reject(error);
        },
      );
    }
  });

  const take = (workspaceId: string, scope: string) =>
    new Promise<number>((resolve, reject) => askNumber({ workspaceId, scope, resolve, reject }));

  /**
   * A number from each counter, the two ADDs at once (a child run's one counter gives both numbers). If one
   * fails, the number the other took is given up, as no run will hold it.
   */
  async function takeBoth(
    workspaceId: string,
    runsScope: string,
    definitionScope: string,
  ): Promise<[number, number]> {
    if (definitionScope === runsScope) {
      const seq = await take(workspaceId, runsScope);
      return [seq, seq];
    }
    const [seq, defSeq] = await Promise.allSettled([
      take(workspaceId, runsScope),
      take(workspaceId, definitionScope),
    ]);
    if (seq.status === "fulfilled" && defSeq.status === "fulfilled") return [seq.value, defSeq.value];
    if (seq.status === "fulfilled") await giveUp(workspaceId, runsScope, seq.value);
    if (defSeq.status === "fulfilled") await giveUp(workspaceId, definitionScope, defSeq.value);
    throw seq.status === "rejected" ? seq.reason : (defSeq as PromiseRejectedResult).reason;
  }

  function giveUp(workspaceId: string, scope: string, number: number): Promise<unknown> {
    return table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: keys.runCounter(workspaceId, scope),
        UpdateExpression: "ADD gaps :number",
        ExpressionAttributeValues: { ":number": new Set([number]) },
      }),
    );
  }

  async function head(workspaceId: string, supersessionKey: string): Promise<SupersessionHead | undefined> {
    const { Item } = await table.client.send(
      new GetCommand({
        TableName: table.name,
        Key: keys.supersessionHead(workspaceId, supersessionKey),
        ConsistentRead: true,
      }),
    );
    return Item ? { seq: Number(Item.seq), runId: String(Item.runId) } : undefined;
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
        UpdateExpression: "SET seq = :seq, runId = :runId, entity = :entity",
        ConditionExpression: read ? "seq = :read" : "attribute_not_exists(pk)",
        ExpressionAttributeValues: {
          ":seq": run.seq,
          ":runId": run.id,
          ":entity": "SupersessionHead",
          ...(read ? { ":read": read.seq } : {}),
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
      const widest = { seq: Number.MAX_SAFE_INTEGER, defSeq: Number.MAX_SAFE_INTEGER };
      refuseOversizedPuts(store.createActions({ ...fields, ...widest }, undefined));
    },

    async create({ run: fields, supersede, debounceFollows }: RunCreation): Promise<CreateOutcome> {
      store.refuseOversized(fields);
      const { workspaceId } = fields;
      const [runsScope, definitionScope] = creationScopes(fields);
      const [seq, defSeq] = await takeBoth(workspaceId, runsScope, definitionScope);
      const run: RunRecord = { ...fields, seq, defSeq };
      const outcome = await write(run, supersede, debounceFollows);
      if (outcome.kind !== "created") {
        // Only on a known outcome: after an unknown error the run may exist, and a gap would hide it.
        await Promise.all([
          giveUp(workspaceId, runsScope, seq),
          ...(fields.parent ? [] : [giveUp(workspaceId, definitionScope, defSeq)]),
        ]);
      }
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

  async function write(
    run: RunRecord,
    supersede: RunCreation["supersede"],
    debounceFollows: DebounceWindowRef | undefined,
  ): Promise<CreateOutcome> {
    const read = run.supersessionKey === null ? undefined : await head(run.workspaceId, run.supersessionKey);
    if (read && read.seq > run.seq) return { kind: "conflict" };
    const creation = store.createActions(run, read, debounceFollows);
    const superseding = await supersede();
    try {
      await writeAtomically(table, [...creation, ...changeItems(table, superseding)]);
      return { kind: "created", run };
    } catch (error) {
      if (!(error instanceof WriteConflict)) throw error;
      if (run.idempotencyKey !== null && error.lostAt(creation.length - 1)) {
        const runId = await store.runIdForIdempotencyKey(run.workspaceId, run.idempotencyKey);
        if (runId) return { kind: "idempotent", runId };
      }
      return { kind: "conflict" };
    }
  }

  return store;
}
