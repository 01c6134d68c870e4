import type { StepRun } from "./run";
import type { StoredEvent } from "./run-change";

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
 * How much history the run item keeps before a commit files it into a journal item of its own. Every
 * commit rewrites the whole run item and DynamoDB bills writes by the started kilobyte, so history kept
 * there is paid again on every commit, while filing it is paid once: about one kilobyte is where the two
 * meet, and a step's history (two events and a snapshot) is about that.
 */
export const RECENT_HISTORY_BYTES = 1024;

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
