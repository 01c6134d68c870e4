import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { OutboxJournal, RunEventOutboxStore, RunEventSweepEntry } from "../../../ports/store";
import { fromJournalItem } from "../runs/run-items";
import { isConditionFailure } from "../table/conditions";
import type { Table } from "../table/dynamo-client";
import { keys } from "../table/keys";
import { WEBHOOK_SWEEP_PREFIX } from "../table/sweep-index";
import { sweepPass } from "../table/sweep-pass";
import { parseRunEventSweepEntry } from "../webhooks/webhook-keys";

/**
 * The run-event outbox: journal items whose commit announced events carry a gsi5 entry (`WEBHOOKS#<shard>`,
 * written by the run's own commit; the prefix is the stored layout of when webhooks were its one reader)
 * until the dispatcher has handed them to its subscribers. The run-event sweeper reads the same index
 * partitions for webhook deliveries whose next attempt is overdue.
 */
export function createRunEventOutboxStore(table: Table): RunEventOutboxStore {
  return {
    /** The commit's events, and whether its outbox entry is still there (undefined: no such journal item). */
    async journal(
      workspaceId: string,
      runId: string,
      journalSeq: number,
    ): Promise<OutboxJournal | undefined> {
      const { Item } = await table.client.send(
        new GetCommand({
          TableName: table.name,
          Key: keys.journal(workspaceId, runId, journalSeq),
          ConsistentRead: true,
        }),
      );
      if (!Item) return undefined;
      const pending = typeof Item.gsi5pk === "string" && Item.gsi5pk.startsWith(WEBHOOK_SWEEP_PREFIX);
      const parentRunId = typeof Item.parentRunId === "string" ? Item.parentRunId : undefined;
      return { events: fromJournalItem(Item).events, pending, ...(parentRunId ? { parentRunId } : {}) };
    },

    /** Removes the outbox entry once every delivery of the commit exists. */
    async clear(workspaceId: string, runId: string, journalSeq: number): Promise<void> {
      try {
        await table.client.send(
          new UpdateCommand({
            TableName: table.name,
            Key: keys.journal(workspaceId, runId, journalSeq),
            UpdateExpression: "REMOVE gsi5pk, gsi5sk",
            ConditionExpression: "attribute_exists(pk)",
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },

    dueForSweep(dueBy: string): AsyncGenerator<RunEventSweepEntry> {
      return sweepPass(table, WEBHOOK_SWEEP_PREFIX, dueBy, parseRunEventSweepEntry);
    },
  };
}
