import { LIMITS } from "../../../domain/limits";
import type { RunRecord } from "../../../domain/run-record";
import { isEndedStatus, LIVE_RUN_STATUSES } from "../../../domain/statuses";
import type { Page, RunFilters } from "../../../ports/store";
import { childrenCounterScope, definitionCounterScope, runsCounterScope } from "../lists/counter-items";
import { numberFromTop } from "../lists/number-from-top";
import { hasDateBound, type NumberRange, numberRangeOf } from "../lists/run-number-range";
import type { IndexName } from "../table/table";
import { listEndedRuns } from "./ended-run-list";
import { candidateKeys, filteredPage } from "./filtered-run-reads";
import { listKeyFilteredRuns } from "./key-filtered-run-list";
import { listKeyRuns } from "./key-run-list";
import type { RunCreationStore } from "./run-creation";
import { isLiveStatus, runListPartitions } from "./run-index-keys";
import type { RunListStore } from "./run-lists";

/**
 * Runs newest first, a page at a time (docs/lists.md, "How lists get total"). All runs, and the runs of
 * one definition, are numbered at creation, so page N is a range of numbers and `total` a counter less the
 * numbers given up: the cost of a page does not depend on N. An ended status's runs are counted as they end
 * (ended-run-list.ts), by definition too. A live status or a supersession key, whose members come and go,
 * walks its index's keys and reads only the page's runs (a live status walks the workspace's live runs;
 * run-lists.ts); other combined filters read the runs of the narrowest list, or of two lists' common keys,
 * and filter them, at most `bound` of them (filtered-run-reads.ts, key-filtered-run-list.ts). A date window
 * narrows any of them to a range of numbers (run-number-range.ts).
 */
export async function listRuns(
  store: { runCreation: RunCreationStore; runLists: RunListStore },
  workspaceId: string,
  filters: RunFilters,
  page: number,
  pageSize: number,
  bound: number = LIMITS.filteredRunsRead,
): Promise<Page<RunRecord>> {
  const { definitionId, supersessionKey, parentRunId, waitingFor, live } = filters;
  // Runs wait for a slot, a throttle or a debounce window only while PENDING: the PENDING list, filtered.
  if (waitingFor !== undefined && (filters.status ?? "PENDING") !== "PENDING") return { items: [], total: 0 };
  const status = waitingFor === undefined ? filters.status : "PENDING";
  const ended = status !== undefined && isEndedStatus(status) && supersessionKey === undefined;
  if (ended && parentRunId === undefined) {
    const window = hasDateBound(filters) ? await workspaceWindow(store, workspaceId, filters) : undefined;
    return listEndedRuns(store, workspaceId, { status, definitionId, window }, page, pageSize);
  }
  const start = (page - 1) * pageSize;
  if (parentRunId !== undefined || (status === undefined && supersessionKey === undefined && !live)) {
    const [scope, index, pk]: [string, IndexName, string] =
      parentRunId !== undefined
        ? [childrenCounterScope(parentRunId), "gsi1", runListPartitions.children(workspaceId, parentRunId)]
        : definitionId === undefined
          ? [runsCounterScope, "gsi1", runListPartitions.all(workspaceId)]
          : [
              definitionCounterScope(definitionId),
              "gsi2",
              runListPartitions.byDefinition(workspaceId, definitionId),
            ];
    const { count, gaps } = await store.runCreation.counter(workspaceId, scope);
    const range = hasDateBound(filters)
      ? await numberRangeOf(store.runLists.probe(index, pk), count, filters)
      : { from: 1, to: count };
    // Gaps (highest first) inside the range: those above it do not push its numbers down.
    const inRange = gaps.filter((gap) => gap >= range.from && gap <= range.to);
    const total = Math.max(0, range.to - range.from + 1 - inRange.length);
    if (start >= total) return { items: [], total };
    const newest = numberFromTop(range.to, inRange, start + 1);
    const oldest = numberFromTop(range.to, inRange, Math.min(total, start + pageSize));
    const items = await store.runLists.byPositions(index, pk, oldest, newest);
    return { items, total };
  }

  // Status and supersession-key entries sort by the run's number in the workspace: a date window is a
  // range of those numbers, found on the list of all runs, once and only if a walk needs it.
  let windowFound: Promise<NumberRange | undefined> | undefined;
  const workspaceRange = () => {
    windowFound ??= hasDateBound(filters)
      ? workspaceWindow(store, workspaceId, filters)
      : Promise.resolve(undefined);
    return windowFound;
  };
  if (supersessionKey !== undefined) {
    const keyOnly = status === undefined && definitionId === undefined && waitingFor === undefined && !live;
    return keyOnly
      ? listKeyRuns(store, workspaceId, supersessionKey, filters, workspaceRange, page, pageSize)
      : listKeyFilteredRuns(
          store,
          workspaceId,
          { ...filters, supersessionKey, status },
          workspaceRange,
          page,
          pageSize,
          bound,
        );
  }
  const range = await workspaceRange();
  const statuses = live ? LIVE_RUN_STATUSES : [status ?? ""];
  if (definitionId !== undefined || waitingFor !== undefined) {
    const candidates = await candidateKeys(
      (limit) => store.runLists.statusKeys(workspaceId, statuses, range, limit),
      undefined,
      bound,
    );
    return filteredPage(store.runLists, candidates, { ...filters, status }, page, pageSize);
  }
  const keys = await store.runLists.statusKeys(workspaceId, statuses, range);
  // The indexes lag their items a little: a run that just left the list's statuses is dropped rather than
  // shown wrong.
  const listed = (run: RunRecord) =>
    (status === undefined || run.status === status) && (!live || isLiveStatus(run.status));
  const items = await store.runLists.runs(keys.slice(start, start + pageSize));
  return { items: items.filter(listed), total: keys.length };
}

/** A date window as a range of the workspace's run numbers, which status and key lists sort by. */
async function workspaceWindow(
  store: { runCreation: RunCreationStore; runLists: RunListStore },
  workspaceId: string,
  filters: RunFilters,
): Promise<NumberRange> {
  return numberRangeOf(
    store.runLists.probe("gsi1", runListPartitions.all(workspaceId)),
    (await store.runCreation.counter(workspaceId, runsCounterScope)).count,
    filters,
  );
}
