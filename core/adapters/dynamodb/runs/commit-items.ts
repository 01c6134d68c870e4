import type { RunCommit } from "../../../domain/run-commit";
import type { RunHistory } from "../../../domain/run-history";
import type { RunRecord } from "../../../domain/run-record";
import { compressJson } from "../table/compressed-json";
import { keys } from "../table/keys";
import type { TransactItem } from "../table/transact";
import { packHistory } from "./history-codec";
import { placeHistory } from "./history-placement";
import { outboxIndexKeys } from "./run-index-keys";
import { countedToken, runItem } from "./run-items";

/**
 * A writer holding the run from before its end was counted would count it again: its write loses, and the
 * writer reads the run again.
 */
const NOT_COUNTED_OTHERWISE =
  "(attribute_not_exists(counted) OR counted = :counted OR NOT begins_with(counted, :countedIn))";

/**
 * A commit's writes, its history placed (history-placement.ts): the run, conditional on its version, and with
 * it the change's own journal item if it has one; then, apart, the journal item filing the history the run
 * item kept (`filed`), which is committed history already, so it is written first, on its own, and a writer
 * that files the same stretch again (longer, after a lost race) replaces it, never the other way round.
 */
export function commitItems(
  tableName: string,
  commit: RunCommit,
): { atomic: TransactItem[]; filed?: TransactItem } {
  const { run, journal, filed } = placeHistory(commit);
  const counted = countedToken(run);
  const runPut: TransactItem = {
    Put: {
      TableName: tableName,
      Item: runItem(run),
      ConditionExpression:
        counted === undefined ? "version = :expected" : `version = :expected AND ${NOT_COUNTED_OTHERWISE}`,
      ExpressionAttributeValues: {
        ":expected": commit.expectedVersion,
        ...(counted === undefined ? {} : { ":counted": counted, ":countedIn": `${run.status}#` }),
      },
    },
  };
  const atomic = [runPut];
  if (journal) atomic.push(journalPut(tableName, run, journal.history, journal.outbox));
  return filed ? { atomic, filed: journalPut(tableName, run, filed, false) } : { atomic };
}

function journalPut(tableName: string, run: RunRecord, history: RunHistory, outbox: boolean): TransactItem {
  const first = history.events[0];
  const last = history.events.at(-1);
  if (!first || !last) throw new Error(`run ${run.id}: a journal item holds at least one event`);
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...keys.journal(run.workspaceId, run.id, first.seq),
        entity: "RunJournal",
        firstSeq: first.seq,
        lastSeq: last.seq,
        journal: compressJson(packHistory(history)),
        // Run-event outbox: listed in gsi5 until its events are dispatched, so a dispatch lost after this
        // commit is found again by the run-event sweeper. A child run's also names its parent, for the
        // bodies.
        ...(outbox ? outboxIndexKeys(run.id, last.createdAt, first.seq) : {}),
        ...(outbox && run.parent ? { parentRunId: run.parent.runId } : {}),
      },
      ConditionExpression: "attribute_not_exists(pk) OR lastSeq <= :lastSeq",
      ExpressionAttributeValues: { ":lastSeq": last.seq },
    },
  };
}
