import type { StepRun } from "../../../domain/run";
import { mergeHistory, type RunHistory, type StoredEvent } from "../../../domain/run-history";
import type { RunRecord } from "../../../domain/run-record";

/**
 * A run's history as readers see it, from the journal stretches read (oldest first) and the run item's own:
 * shared with the in-memory store, which keeps the same stretches. Copies: nothing returned is part of `run`.
 */
export function stepRunsOf(run: RunRecord, journals: readonly RunHistory[]): StepRun[] {
  const { stepRuns } = mergeHistory(withRecent(run, journals));
  const latest = new Map(stepRuns.map((stepRun) => [stepRun.id, stepRun]));
  if (run.active) latest.set(run.active.stepRun.id, run.active.stepRun);
  return [...latest.values()].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
}

/** Events `fromSeq`..`toSeq` (inclusive) among the stretches read and the run item's own, oldest first. */
export function eventsOf(
  run: RunRecord,
  journals: readonly RunHistory[],
  fromSeq: number,
  toSeq: number,
): StoredEvent[] {
  return mergeHistory(withRecent(run, journals)).events.filter(
    (event) => event.seq >= fromSeq && event.seq <= toSeq,
  );
}

const withRecent = (run: RunRecord, journals: readonly RunHistory[]): RunHistory[] =>
  run.recent ? [...journals, structuredClone(run.recent)] : [...journals];

/**
 * The run item holds its whole history: it has recorded no event, or its recent stretch starts at the first.
 * Every journal item holds events (history-placement.ts files none without), all before the recent stretch's
 * once committed; a stretch filed by a commit that lost holds only what the run item still holds, in older
 * snapshots. So a read of such a run needs no journal item, and answers from the run item alone.
 */
export function historyWholeInRun(run: RunRecord): boolean {
  return run.eventSeq === 0 || run.recent?.events[0]?.seq === 1;
}
