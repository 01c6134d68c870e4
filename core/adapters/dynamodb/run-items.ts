import type { StepRun } from "../../domain/run";
import type { RunCommit, StoredEvent } from "../../domain/run-change";
import { nextDueAtMs, type RunRecord } from "../../domain/run-record";
import { announcesWebhookEvent } from "../../domain/webhook-events";
import type { Table } from "./dynamo-client";
import { runIndexKeys } from "./index-keys";
import { keys } from "./keys";
import type { TransactItem } from "./transact";
import { outboxIndexKeys } from "./webhook-keys";

/**
 * Run items ⇄ records, and a RunCommit as TransactWriteItems actions. Free-form JSON (input, state, output,
 * the active step) is stored as strings: DynamoDB refuses maps nested deeper than 32 levels, users' JSON
 * does not know that, and strings cost the same.
 */
type Item = Record<string, unknown>;

const JSON_FIELDS = ["input", "output", "state", "active"] as const;

export function runItem(run: RunRecord): Item {
  const item: Item = { ...keys.run(run.workspaceId, run.id), entity: "WorkflowRun" };
  for (const [field, value] of Object.entries(run)) {
    if ((JSON_FIELDS as readonly string[]).includes(field)) item[`${field}Json`] = JSON.stringify(value);
    else item[field] = value;
  }
  return {
    ...item,
    ...runIndexKeys({
      workspaceId: run.workspaceId,
      runId: run.id,
      definitionId: run.definitionId,
      status: run.status,
      seq: run.seq,
      defSeq: run.defSeq,
      supersessionKey: run.supersessionKey,
      dueAtMs: nextDueAtMs(run),
    }),
  };
}

export function fromRunItem(item: Item): RunRecord {
  const record: Item = {};
  for (const [field, value] of Object.entries(item)) {
    if (field.endsWith("Json") && (JSON_FIELDS as readonly string[]).includes(field.slice(0, -4))) {
      record[field.slice(0, -4)] = JSON.parse(String(value));
    } else if (!/^(pk|sk|entity|gsi\dpk|gsi\dsk)$/.test(field)) {
      record[field] = value;
    }
  }
  return record as unknown as RunRecord;
}

export interface JournalEntry {
  events: StoredEvent[];
  stepRuns: StepRun[];
}

/**
 * A commit writes the run (only if nobody else moved it since it was read) and one journal item holding
 * the commit's events and step-run snapshots: two items per transition, whatever happened in it.
 */
export function commitItems(table: Table, commit: RunCommit): TransactItem[] {
  const { run, events, stepRuns } = commit;
  const runPut: TransactItem = {
    Put: {
      TableName: table.name,
      Item: runItem(run),
      ConditionExpression: "version = :expected",
      ExpressionAttributeValues: { ":expected": commit.expectedVersion },
    },
  };
  const firstEvent = events[0];
  // A change that records no event (a step starting to wait, a lease taken over) only touches the active
  // step, whose latest state the run item itself carries; every change that ends a step records an event.
  if (!firstEvent) return [runPut];
  const journal: JournalEntry = { events, stepRuns };
  return [
    runPut,
    {
      Put: {
        TableName: table.name,
        Item: {
          ...keys.journal(run.workspaceId, run.id, firstEvent.seq),
          entity: "RunJournal",
          firstSeq: firstEvent.seq,
          lastSeq: run.eventSeq,
          journalJson: JSON.stringify(journal),
          // Webhook outbox: a commit that announces webhook events is listed in gsi5 until they are
          // dispatched, so a dispatch lost after this commit is found again by the webhook sweeper.
          ...(announcesWebhookEvent(events)
            ? outboxIndexKeys(run.id, firstEvent.createdAt, firstEvent.seq)
            : {}),
        },
        ConditionExpression: "attribute_not_exists(pk)",
      },
    },
  ];
}

export function fromJournalItem(item: Item): JournalEntry {
  return JSON.parse(String(item.journalJson)) as JournalEntry;
}
