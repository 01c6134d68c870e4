import { GetCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { StepRun } from "../../domain/run";
import type { StoredEvent } from "../../domain/run-change";
import type { RunRecord } from "../../domain/run-record";
import type { CommitOutcome, CreateOutcome, RunChange, RunCreation, RunStore } from "../../ports/store";
import { openApprovalAction, settleApprovalAction } from "./approval-store";
import { costRecordAction } from "./cost-store";
import type { Table } from "./dynamo-client";
import { runListPartitions } from "./index-keys";
import { keys } from "./keys";
import { queryByPrefix } from "./query";
import { createRunCreationStore } from "./run-creation";
import { commitItems, fromJournalItem, fromRunItem } from "./run-items";
import { listRuns } from "./run-list-query";
import { createRunListStore } from "./run-lists";
import type { TransactItem } from "./transact";
import { transactWrite, WriteConflict } from "./write-conflict";

/**
 * A run change's TransactWriteItems: the run item at its expected version and its journal, and the approval
 * and cost items the change carries.
 */
export function changeItems(table: Table, change: RunChange): TransactItem[] {
  const { workspaceId } = change.commit.run;
  const items = commitItems(table, change.commit);
  if (change.openApproval) items.push(openApprovalAction(table, workspaceId, change.openApproval));
  if (change.settleApproval) items.push(settleApprovalAction(table, workspaceId, change.settleApproval));
  // In the run's own partition: no item another run touches, so no conflict that would repeat the calls.
  if (change.cost) items.push(costRecordAction(table, change.cost));
  return items;
}

/**
 * Runs and their journals. A run lives in its own partition (`WS#<wsp>#RUN#<run>`): the run item, and one
 * journal item per committed transition holding that transition's events and step-run snapshots. A change
 * is one TransactWriteItems: the run item conditional on its version, its journal item, and the approval
 * and cost items the change carries.
 */
export function createRunStore(table: Table): RunStore {
  const runCreation = createRunCreationStore(table);
  const runLists = createRunListStore(table);

  async function get(workspaceId: string, runId: string): Promise<RunRecord | undefined> {
    const { Item } = await table.client.send(
      new GetCommand({ TableName: table.name, Key: keys.run(workspaceId, runId), ConsistentRead: true }),
    );
    return Item ? fromRunItem(Item) : undefined;
  }

  return {
    get,

    async commit(change: RunChange): Promise<CommitOutcome> {
      try {
        await transactWrite(table, changeItems(table, change));
        return { kind: "committed" };
      } catch (error) {
        if (error instanceof WriteConflict) return { kind: "conflict" };
        throw error;
      }
    },

    async create({ run: fields, supersede }: RunCreation): Promise<CreateOutcome> {
      const counters = await runCreation.counters(fields.workspaceId, fields.definitionId);
      const run: RunRecord = { ...fields, seq: counters.runs + 1, defSeq: counters.definitionRuns + 1 };
      const creation = runCreation.createActions(run, counters);
      // Read after the counters: a creation committed since then moved them, and this one conflicts.
      const superseding = await supersede();
      try {
        await transactWrite(table, [
          ...creation,
          ...superseding.flatMap((change) => changeItems(table, change)),
        ]);
        return { kind: "created", run };
      } catch (error) {
        if (!(error instanceof WriteConflict)) throw error;
        if (run.idempotencyKey !== null && error.lostAt(creation.length - 1)) {
          const runId = await runCreation.runIdForIdempotencyKey(run.workspaceId, run.idempotencyKey);
          if (runId) return { kind: "idempotent", runId };
        }
        return { kind: "conflict" };
      }
    },

    runIdForIdempotencyKey: runCreation.runIdForIdempotencyKey,

    list: (workspaceId, filters, page, pageSize) =>
      listRuns({ runCreation, runLists }, workspaceId, filters, page, pageSize),

    async withSupersessionKey(workspaceId: string, supersessionKey: string): Promise<RunRecord[]> {
      const pk = runListPartitions.bySupersessionKey(workspaceId, supersessionKey);
      return runLists.runs(await runLists.allKeys("gsi4", pk));
    },

    overdue: runLists.dueForSweep,

    /** Every step run of the run, in the order they were started, each in its latest state. */
    async stepRuns(run: RunRecord): Promise<StepRun[]> {
      const journals = await queryByPrefix(
        table,
        keys.runPartition(run.workspaceId, run.id),
        keys.journalPrefix,
      );
      const latest = new Map<string, StepRun>();
      for (const item of journals) {
        for (const stepRun of fromJournalItem(item).stepRuns) latest.set(stepRun.id, stepRun);
      }
      if (run.active) latest.set(run.active.stepRun.id, run.active.stepRun);
      return [...latest.values()].sort(
        (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
      );
    },

    /**
     * Events `fromSeq`..`toSeq` (inclusive, 1-based), oldest first. Reads the journal that holds `fromSeq`
     * and those after it up to `toSeq`: the cost follows the page, not the run's history.
     */
    async events(run: RunRecord, fromSeq: number, toSeq: number): Promise<StoredEvent[]> {
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
      return (range.Items ?? [])
        .flatMap((item) => fromJournalItem(item).events)
        .filter((event) => event.seq >= fromSeq && event.seq <= toSeq);
    },
  };
}
