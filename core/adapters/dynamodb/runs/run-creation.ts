import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { ConflictError } from "../../../domain/errors";
import type { RunRecord } from "../../../domain/run-record";
import type {
  CreateOutcome,
  DebounceWindowRef,
  RunChange,
  RunCreation,
  RunNumbers,
} from "../../../ports/store";
import { creationScopes } from "../lists/counter-items";
import { createEndedCountItems } from "../lists/ended-counts";
import { createRunCounters } from "../lists/run-counters";
import type { Table } from "../table/dynamo-client";
import { refuseOversizedTransaction, transactionExcess } from "../table/item-size";
import { keys } from "../table/keys";
import type { TransactItem } from "../table/transact";
import { WriteConflict, writeAtomically } from "../table/write-conflict";
import { changeItems } from "./change-items";
import { createActions, refuseOversizedCreation, type SupersessionHead } from "./creation-items";
import { endCountWrites } from "./end-count-writes";
import { createEndCounting } from "./end-counting";
import { markWritten } from "./history-placement";
import { createRunListStore } from "./run-lists";
import { createSupersessionLive } from "./supersession-live";

/**
 * Creating a run: its numbers (run-counters.ts), then one conditional write of the run with what goes with
 * it. Runs sharing a supersession key are ordered by number through the key's head item, which holds the
 * newest number created with the key and its run. A creation writes the head only if it is as read, and
 * gives up its numbers when the head is already past them: so of two creations racing on a key, the one
 * numbered later commits last and sees (and supersedes) the other.
 */
export type RunCreationStore = ReturnType<typeof createRunCreationStore>;

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

  async function number(fields: RunCreation["run"]): Promise<RunNumbers> {
    const [runsScope, definitionScope] = creationScopes(fields);
    const [seq, defSeq] = await takeBoth(fields.workspaceId, runsScope, definitionScope);
    return { seq, defSeq };
  }

  async function giveUpNumbers(fields: RunCreation["run"], { seq, defSeq }: RunNumbers): Promise<void> {
    const [runsScope, definitionScope] = creationScopes(fields);
    await Promise.all([
      giveUp(fields.workspaceId, runsScope, seq),
      ...(definitionScope === runsScope ? [] : [giveUp(fields.workspaceId, definitionScope, defSeq)]),
    ]);
  }

  const store = {
    counter,
    head,
    endedCounts,
    endCounting,
    supersessionLive,

    async create({ run: fields, supersede, debounceFollows, numbers }: RunCreation): Promise<CreateOutcome> {
      try {
        refuseOversizedCreation(table.name, fields);
      } catch (error) {
        if (numbers) await giveUpNumbers(fields, numbers);
        throw error;
      }
      const { seq, defSeq } = numbers ?? (await number(fields));
      const run: RunRecord = { ...fields, seq, defSeq };
      let prepared: Prepared;
      try {
        prepared = await prepare(run, supersede, debounceFollows);
      } catch (error) {
        // Nothing is written yet (the key's head unreadable, too many live runs to supersede, …).
        await giveUpNumbers(fields, { seq, defSeq });
        throw error;
      }
      const outcome = await write(run, prepared);
      // Only on a known outcome: after an unknown error the run may exist, and a gap would hide it.
      if (outcome.kind !== "created") await giveUpNumbers(fields, { seq, defSeq });
      return outcome;
    },

    number,
    giveUpNumbers,

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
    const creation = createActions(table.name, run, read, debounceFollows);
    const superseding = await supersede();
    const items = [...creation, ...changeItems(table.name, superseding)];
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
    for (const commit of commits) markWritten(commit);
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
