import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { StepRun } from "../../../domain/run";
import type { StoredEvent } from "../../../domain/run-history";
import type { RunRecord } from "../../../domain/run-record";
import type { CommitOutcome, RunChange, RunStore } from "../../../ports/store";
import { createApprovalNumbering } from "../approvals/approval-numbering";
import { fullDayItems, rememberFull } from "../costs/full-day-memory";
import { getItem } from "../table/consistent-get";
import type { Table } from "../table/dynamo-client";
import { refuseOversizedPuts } from "../table/item-size";
import { keys } from "../table/keys";
import { queryByPrefix } from "../table/query";
import {
  deleteUnlessRefused,
  putUnlessRefused,
  WriteConflict,
  writeAtomically,
} from "../table/write-conflict";
import { type ChangeWrites, changeWrites } from "./change-items";
import { markWritten } from "./history-placement";
import { getRun } from "./read-run";
import { createRunCreationStore } from "./run-creation";
import { eventsOf, historyWholeInRun, stepRunsOf } from "./run-history";
import { fromJournalItem } from "./run-items";
import { listRuns } from "./run-list-query";
import { createRunListStore } from "./run-lists";
import { createSlotReads } from "./slot-reads";

/**
 * A change's atomic writes. With a cost rollup (RunChange.rollup), a loss that is only conditions of the rollup
 * that refuse without any race (its `SEEN` marker there already: the run was counted all-time by a rollup of
 * its records apart from any commit; a definition's day item with no room for the rollup's steps) is written
 * again without them (without the count; those steps in items of their own), and one that is only a shared
 * rollup item's (another transaction on the workspace's day item) is a `rollup-conflict`, for the pipeline to
 * commit the change again without its rollup.
 */
async function writeChange(table: Table, writes: ChangeWrites): Promise<CommitOutcome> {
  try {
    await writeAtomically(table, writes.atomic);
    return { kind: "committed" };
  } catch (error) {
    if (!(error instanceof WriteConflict)) throw error;
    const placement = writes.rollup;
    if (!placement) return { kind: "conflict" };
    const { codes } = error;
    const othersHeld = (except: (index: number) => boolean) =>
      codes.every((code, index) => except(index) || code === "None");
    const { seen } = placement;
    const full = placement.definitionItems.filter(({ index }) => codes[index] === "ConditionalCheckFailed");
    const seenThere = seen !== undefined && codes[seen] === "ConditionalCheckFailed";
    const refusedOnly = othersHeld((i) => i === seen || full.some(({ index }) => index === i));
    if ((seenThere || full.length > 0) && refusedOnly) {
      rememberFull(
        table,
        full.map(({ item }) => item),
      );
      const atomic = writes.atomic.slice(0, placement.from);
      return writeChange(table, {
        ...writes,
        atomic,
        rollup: placement.again(atomic, { countRun: !seenThere }),
      });
    }
    const sharedOnly =
      othersHeld((index) => index >= placement.from) &&
      codes.slice(placement.from).some((code) => code === "TransactionConflict");
    return { kind: sharedOnly ? "rollup-conflict" : "conflict" };
  }
}

/**
 * Writes a change's `before` puts, once none of its items is over DynamoDB's bound (so an oversized change
 * writes nothing at all); a put's condition refusing means its item is there already.
 */
async function writeBeforeCommit(table: Table, { before, opening, atomic }: ChangeWrites): Promise<void> {
  refuseOversizedPuts([...before, ...(opening ? [opening.put] : []), ...atomic]);
  await Promise.all(before.map((put) => putUnlessRefused(table, put)));
}

/** A change's writes once its `before` puts are in: its opening request, then its atomic writes. */
async function writeWithOpening(table: Table, writes: ChangeWrites): Promise<CommitOutcome> {
  const { opening } = writes;
  // A request already there is another change's: this one loses, as its transaction did.
  if (opening && !(await putUnlessRefused(table, opening.put))) return { kind: "conflict" };
  const outcome = await writeChange(table, writes);
  if (outcome.kind !== "committed" && opening) await deleteUnlessRefused(table, opening.withdraw);
  return outcome;
}

/**
 * Runs and their history. A run lives in its own partition (`WS#<wsp>#RUN#<run>`): the run item, which keeps
 * the latest stretch of its history, and journal items holding the stretches filed before. A change is one
 * conditional write of the run item, or one transaction when it carries more (an approval it settles, an
 * outbox journal, a slot move), after the puts it makes on its own (change-items.ts); see RunCommit for the
 * history's layout.
 */
export function createRunStore(table: Table): RunStore {
  const runCreation = createRunCreationStore(table);
  const numbering = createApprovalNumbering(table);
  const runLists = createRunListStore(table);
  const slotReads = createSlotReads(table);

  return {
    get: (workspaceId, runId) => getRun(table, workspaceId, runId),

    /**
     * A change that ends the run counts it first (end-counting.ts), and one that opens or decides an approval
     * request numbers or counts it (approval-numbering.ts); each taken back if the change is known to have
     * lost, and left after an unknown error, since the write may have landed.
     */
    async commit(change: RunChange): Promise<CommitOutcome> {
      const { endCounting, supersessionLive } = runCreation;
      const { workspaceId } = change.commit.run;
      const ending = await endCounting.place([change.commit.run]);
      const numbers = await numbering.place(change).catch(async (error: unknown) => {
        await endCounting.settle(ending, "lost");
        throw error;
      });
      const settle = (outcome: "committed" | "lost" | "unknown") =>
        Promise.all([endCounting.settle(ending, outcome), numbering.settle(workspaceId, numbers, outcome)]);
      let writes: ChangeWrites;
      try {
        await supersessionLive.beforeWrite([change.commit]);
        writes = changeWrites(table.name, change, numbers, fullDayItems(table));
        await writeBeforeCommit(table, writes);
      } catch (error) {
        await settle("lost");
        throw error;
      }
      const outcome = await writeWithOpening(table, writes).catch(async (error: unknown) => {
        await settle("unknown");
        throw error;
      });
      await settle(outcome.kind === "committed" ? "committed" : "lost");
      if (outcome.kind === "committed") {
        markWritten(change.commit);
        await supersessionLive.afterWrite([change.commit]);
      }
      return outcome;
    },

    create: runCreation.create,
    number: runCreation.number,
    giveUpNumbers: runCreation.giveUpNumbers,

    runIdForIdempotencyKey: runCreation.runIdForIdempotencyKey,

    debounceWindow: runCreation.debounceWindow,

    list: (workspaceId, filters, page, pageSize) =>
      listRuns({ runCreation, runLists }, workspaceId, filters, page, pageSize),

    /** The key's live runs as its head keeps them (supersession-live.ts), and its newest run. */
    liveWithSupersessionKey: (workspaceId: string, supersessionKey: string) =>
      runCreation.supersessionLive.runs(workspaceId, supersessionKey),

    overdue: runLists.dueForSweep,

    slot: slotReads.slot,

    throttle: slotReads.throttle,

    stepsCounted: async (workspaceId, counterRunId) =>
      Number((await getItem(table, keys.stepCounter(workspaceId, counterRunId)))?.steps ?? 0),

    /**
     * Every step run of the run, in the order they were started, each in its latest state: from the run item
     * alone when it holds the whole history (a GET of a run is then one read), else with its journal items.
     */
    async stepRuns(run: RunRecord): Promise<StepRun[]> {
      if (historyWholeInRun(run)) return stepRunsOf(run, []);
      const journals = await queryByPrefix(
        table,
        keys.runPartition(run.workspaceId, run.id),
        keys.journalPrefix,
      );
      return stepRunsOf(run, journals.map(fromJournalItem));
    },

    /**
     * Events `fromSeq`..`toSeq` (inclusive, 1-based), oldest first. Reads the journal that holds `fromSeq`
     * and those after it up to `toSeq`: the cost follows the page, not the run's history; none when the run
     * item holds it all.
     */
    async events(run: RunRecord, fromSeq: number, toSeq: number): Promise<StoredEvent[]> {
      if (historyWholeInRun(run)) return eventsOf(run, [], fromSeq, toSeq);
      const pk = keys.runPartition(run.workspaceId, run.id);
      const holder = await table.client.send(
        new QueryCommand({
          TableName: table.name,
          KeyConditionExpression: "pk = :pk AND sk BETWEEN :first AND :from",
          ExpressionAttributeValues: {
            ":pk": pk,
            ":first": keys.journalSortKey(0),
            ":from": keys.journalSortKey(fromSeq),
          },
          ScanIndexForward: false,
          Limit: 1,
          ConsistentRead: true,
        }),
      );
      const start = String(holder.Items?.[0]?.sk ?? keys.journalSortKey(fromSeq));
      const range = await table.client.send(
        new QueryCommand({
          TableName: table.name,
          KeyConditionExpression: "pk = :pk AND sk BETWEEN :start AND :to",
          ExpressionAttributeValues: { ":pk": pk, ":start": start, ":to": keys.journalSortKey(toSeq) },
          ConsistentRead: true,
        }),
      );
      return eventsOf(run, (range.Items ?? []).map(fromJournalItem), fromSeq, toSeq);
    },
  };
}
