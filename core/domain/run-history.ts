import { jsonBytes } from "./json-bounds";
import type { StepRun } from "./run";
import type { StoredEvent } from "./run-commit";
import type { RunRecord } from "./run-record";

/**
 * A stretch of a run's history: its events in order, and the latest snapshot of each step run they touched.
 * A run's history lives in two places (docs/data-model.md, "Runs and their history"): the run item keeps
 * the latest stretch (`RunRecord.recent`), and journal items hold what came before, one per stretch filed.
 */
export interface RunHistory {
  events: StoredEvent[];
  stepRuns: StepRun[];
}

/**
 * What one write of a run record costs where it is stored, in that store's units (RunStore.writeUnits): the
 * run item keeps the history of earlier changes only while it costs nothing more to write with it than
 * without (RunTransition.finish). Every commit rewrites the whole run item, billed by the started kilobyte,
 * so history kept there is free until it starts a kilobyte, and paid again on every commit after; filing it
 * into a journal item is paid once. Only the store knows how large its item is (DynamoDB's is compressed).
 */
export type WriteUnits = (run: RunRecord) => number;

/** A store's write unit when the record is stored as JSON, as it is: one kilobyte. */
export const WRITE_UNIT_BYTES = 1024;

/** The measure of a store that writes the record's JSON as it is; the default when no store is asked. */
export const jsonWriteUnits: WriteUnits = (run) => Math.ceil(jsonBytes(run) / WRITE_UNIT_BYTES);

/**
 * The run item's share of DynamoDB's 400 KB item bound that its history may bring it to: a change whose
 * history would take the run item (state, input, output and all) past this keeps it in a journal item written
 * with it instead. Runs of ordinary size never get near it; a run near the bound with its own data must not be
 * pushed over it by its history.
 */
export const RUN_ITEM_HISTORY_BUDGET_BYTES = 256 * 1024;

export const historyBytes = (history: RunHistory): number => Buffer.byteLength(JSON.stringify(history));

/** `newer` after `older`: events appended, and each step run's snapshot the latest of the two. */
export function appendHistory(older: RunHistory, newer: RunHistory): RunHistory {
  const renewed = new Set(newer.stepRuns.map((stepRun) => stepRun.id));
  return {
    events: [...older.events, ...newer.events],
    stepRuns: [...older.stepRuns.filter((stepRun) => !renewed.has(stepRun.id)), ...newer.stepRuns],
  };
}

/**
 * A run's history from its stretches, oldest first. Stretches may overlap (a stretch filed by a commit that
 * then lost its race is filed again, longer, by the next): each event counts once, by its sequence number.
 */
export function mergeHistory(stretches: readonly RunHistory[]): RunHistory {
  const events = new Map<number, StoredEvent>();
  let merged: RunHistory = { events: [], stepRuns: [] };
  for (const stretch of stretches) {
    for (const event of stretch.events) events.set(event.seq, event);
    merged = appendHistory(merged, { events: [], stepRuns: stretch.stepRuns });
  }
  return { events: [...events.values()].sort((a, b) => a.seq - b.seq), stepRuns: merged.stepRuns };
}
