import type { RunCommit } from "../../domain/run-change";
import { sweepDueAtMs } from "../../domain/run-due";
import type { RunHistory } from "../../domain/run-history";
import { type ActiveStep, listedDefinitionId, type RunRecord } from "../../domain/run-record";
import type { Table } from "./dynamo-client";
import { packActive, packHistory, unpackActive, unpackHistory } from "./history-codec";
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

const JSON_FIELDS = ["input", "output", "state", "active", "recent", "rerunStart"] as const;

/** The active step and the kept history in the compact form of history-codec.ts. */
const PACKED_FIELDS: Partial<Record<(typeof JSON_FIELDS)[number], (value: never) => unknown>> = {
  active: (active: ActiveStep | null) => active && packActive(active),
  recent: packHistory,
};

export function runItem(run: RunRecord): Item {
  const item: Item = { ...keys.run(run.workspaceId, run.id), entity: "WorkflowRun" };
  for (const [field, value] of Object.entries(run)) {
    if ((JSON_FIELDS as readonly string[]).includes(field)) {
      const packed = PACKED_FIELDS[field as (typeof JSON_FIELDS)[number]];
      item[`${field}Json`] = JSON.stringify(packed ? packed(value as never) : value);
    } else item[field] = value;
  }
  return {
    ...item,
    ...runIndexKeys({
      workspaceId: run.workspaceId,
      runId: run.id,
      // An upgraded run stays in the list (and numbering) of the definition it was created on.
      definitionId: listedDefinitionId(run),
      status: run.status,
      seq: run.seq,
      defSeq: run.defSeq,
      supersessionKey: run.supersessionKey,
      dueAtMs: sweepDueAtMs(run),
      parentRunId: run.parent?.runId,
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
  const runId = String(record.id);
  if (record.active) record.active = unpackActive(record.active as Item, runId);
  if (record.recent) record.recent = unpackHistory(record.recent as Item, runId);
  return record as unknown as RunRecord;
}

/**
 * A commit's writes: the run, conditional on its version, and with it the change's own journal item if it has
 * one (RunCommit.journal); then, apart, the journal item filing the history the run item kept (`filed`), which is
 * committed history already, so it is written first, on its own, and a writer that files the same stretch
 * again (longer, after a lost race) replaces it, never the other way round.
 */
export function commitItems(
  table: Table,
  commit: RunCommit,
): { atomic: TransactItem[]; filed?: TransactItem } {
  const { run } = commit;
  const runPut: TransactItem = {
    Put: {
      TableName: table.name,
      Item: runItem(run),
      ConditionExpression: "version = :expected",
      ExpressionAttributeValues: { ":expected": commit.expectedVersion },
    },
  };
  const atomic = [runPut];
  if (commit.journal) atomic.push(journalPut(table, run, commit.journal.history, commit.journal.outbox));
  return commit.filed ? { atomic, filed: journalPut(table, run, commit.filed, false) } : { atomic };
}

function journalPut(table: Table, run: RunRecord, history: RunHistory, outbox: boolean): TransactItem {
  const first = history.events[0];
  const last = history.events.at(-1);
  if (!first || !last) throw new Error(`run ${run.id}: a journal item holds at least one event`);
  return {
    Put: {
      TableName: table.name,
      Item: {
        ...keys.journal(run.workspaceId, run.id, first.seq),
        entity: "RunJournal",
        firstSeq: first.seq,
        lastSeq: last.seq,
        journalJson: JSON.stringify(packHistory(history)),
        // Webhook outbox: listed in gsi5 until its events are dispatched, so a dispatch lost after this
        // commit is found again by the webhook sweeper.
        ...(outbox ? outboxIndexKeys(run.id, last.createdAt, first.seq) : {}),
      },
      ConditionExpression: "attribute_not_exists(pk) OR lastSeq <= :lastSeq",
      ExpressionAttributeValues: { ":lastSeq": last.seq },
    },
  };
}

export function fromJournalItem(item: Item): RunHistory {
  const runId = /#RUN#(.+)$/.exec(String(item.pk))?.[1] ?? "";
  return unpackHistory(JSON.parse(String(item.journalJson)), runId);
}
