import { jsonBytes } from "../../../domain/json-bounds";
import type { RunCommit } from "../../../domain/run-commit";
import { appendHistory, type RunHistory } from "../../../domain/run-history";
import type { RunRecord } from "../../../domain/run-record";
import { runWriteUnits } from "./run-items";

/**
 * Where a commit's history is stored (docs/data-model.md, "Runs and their history"): in the run item's recent
 * stretch (`RunRecord.recent`), in a journal item filing what the run item kept, or in a journal item written
 * with the change. Decided here, by DynamoDB's economics, from what the change says happened (RunCommit).
 *
 * Every commit rewrites the whole run item, billed by the started kilobyte of its compressed form, so history
 * kept there is free until it starts a kilobyte, and paid again on every commit after; filing it into a
 * journal item is paid once. So the run item keeps the history of earlier changes only while it costs nothing
 * more to write with it than without.
 */

/**
 * The run item's share of DynamoDB's 400 KB item bound that its history may bring it to: a change whose
 * history would take the run item (state, input, output and all) past this keeps it in a journal item written
 * with it instead. Runs of ordinary size never get near it; a run near the bound with its own data must not be
 * pushed over it by its history.
 */
export const RUN_ITEM_HISTORY_BUDGET_BYTES = 256 * 1024;

const historyBytes = (history: RunHistory): number => Buffer.byteLength(JSON.stringify(history));

export interface HistoryPlacement {
  /** The run as its item is written: `recent` is what the run item keeps (absent when nothing). */
  run: RunRecord;
  /** History committed earlier that the commit moves out of the run item into a journal item of its own. */
  filed?: RunHistory;
  /**
   * History written with the change in a journal item of its own (the run item's recent stretch and the
   * change's): an announced change, whose journal item is the run-event outbox entry until its events are
   * dispatched, or a change whose history is too large to keep in the run item.
   */
  journal?: { history: RunHistory; outbox: boolean };
}

/**
 * The placement of `commit`'s history; `commit.run.recent` is the stretch the run item held as read. Pure and
 * deterministic: a commit tried again after a lost rollup is placed as before. A change that records no
 * history files none: keeping what the run item holds costs that commit nothing more.
 */
export function placeHistory(commit: RunCommit): HistoryPlacement {
  const { run, events, stepRuns } = commit;
  const prior: RunHistory = run.recent ?? { events: [], stepRuns: [] };
  const added: RunHistory = { events, stepRuns };
  const withRecent = (recent: RunHistory): RunRecord => {
    const placed: RunRecord = { ...run, recent };
    if (recent.events.length === 0 && recent.stepRuns.length === 0) delete placed.recent;
    return placed;
  };
  const outbox = commit.announced === true;
  const tooLarge = () => jsonBytes(run) + historyBytes(added) > RUN_ITEM_HISTORY_BUDGET_BYTES;
  if (added.events.length > 0 && (outbox || tooLarge())) {
    return {
      run: withRecent({ events: [], stepRuns: [] }),
      journal: { history: appendHistory(prior, added), outbox },
    };
  }
  const keeping = withRecent(appendHistory(prior, added));
  const recordsHistory = added.events.length > 0 || added.stepRuns.length > 0;
  if (
    recordsHistory &&
    prior.events.length > 0 &&
    runWriteUnits(keeping) > runWriteUnits(withRecent(added))
  ) {
    return { run: withRecent(added), filed: prior };
  }
  return { run: keeping };
}

/**
 * What the caller holds once the commit is written (RunStore.commit): the run as its item now is, and an
 * announced change's outbox entry. Called once per commit written, since it moves `recent` on.
 */
export function markWritten(commit: RunCommit): void {
  const { run, journal } = placeHistory(commit);
  if (run.recent) commit.run.recent = run.recent;
  else delete commit.run.recent;
  const first = journal?.outbox ? journal.history.events[0] : undefined;
  if (first) commit.outboxSeq = first.seq;
}
