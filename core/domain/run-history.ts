import type { StepRun, WorkflowEvent } from "./run";

/** An event as the run recorded it: numbered, from 1, in the order of its run's history. */
export interface StoredEvent extends WorkflowEvent {
  seq: number;
}

/**
 * A stretch of a run's history: its events in order, and the latest snapshot of each step run they touched.
 * The run keeps its latest stretch (`RunRecord.recent`) where the store chose to keep it with the run; the
 * store holds what came before apart, one stretch at a time (docs/data-model.md, "Runs and their history").
 */
export interface RunHistory {
  events: StoredEvent[];
  stepRuns: StepRun[];
}

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
