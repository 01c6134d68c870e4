import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { debounceScope } from "../../domain/debounce";
import type { RunRecord } from "../../domain/run-record";
import type { CreateOutcome, DebounceWindowRef, RunCreation } from "../../ports/store";
import { changeItems } from "./change-items";
import { idempotencyClaim } from "./creation-keys";
import type { Table } from "./dynamo-client";
import { createEndCounting } from "./end-counting";
import { createEndedCountItems, endCountWrites } from "./ended-count-items";
import { refuseOversizedPuts } from "./item-size";
import { keys } from "./keys";
import { createRunCounters, creationScopes } from "./run-counters";
import { runItem } from "./run-items";
import { queuedPut } from "./slot-items";
import type { TransactItem } from "./transact";
import { WriteConflict, writeAtomically } from "./write-conflict";

/**
 * Creating a run: its numbers (run-counters.ts), then one conditional write of the run with what goes with
 * it. Runs sharing a supersession key are ordered by number through the key's head item, which holds the
 * newest number created with the key and its run. A creation writes the head only if it is as read, and
 * gives up its numbers when the head is already past them: so of two creations racing on a key, the one
 * numbered later commits last and sees (and supersedes) the other.
 */
/** The newest run created with a supersession key. */
export interface SupersessionHead {
  seq: number;
  runId: string;
}

export type RunCreationStore = ReturnType<typeof createRunCreationStore>;

export function createRunCreationStore(table: Table) {
  const { counter, takeBoth, giveUp } = createRunCounters(table);
  const endedCounts = createEndedCountItems(table);
  const endCounting = createEndCounting(endCountWrites(endedCounts));

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
    endedCounts,
    endCounting,

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
      const outcome = await write(run, supersede, debounceFollows);
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

  async function write(
    run: RunRecord,
    supersede: RunCreation["supersede"],
    debounceFollows: DebounceWindowRef | undefined,
  ): Promise<CreateOutcome> {
    const read = run.supersessionKey === null ? undefined : await head(run.workspaceId, run.supersessionKey);
    if (read && read.seq > run.seq) return { kind: "conflict" };
    const creation = store.createActions(run, read, debounceFollows);
    const superseding = await supersede();
    const ending = await endCounting.place(superseding.map((change) => change.commit.run));
    try {
      await writeAtomically(table, [...creation, ...changeItems(table, superseding)]);
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
    return { kind: "created", run };
  }

  return store;
}
