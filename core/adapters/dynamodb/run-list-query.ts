import type { RunRecord } from "../../domain/run-record";
import type { Page, RunFilters } from "../../ports/store";
import { runListPartitions } from "./index-keys";
import { definitionCounterScope, type RunCreationStore, runsCounterScope } from "./run-creation";
import type { RunListStore } from "./run-lists";
import type { IndexName } from "./table";

/**
 * Runs newest first, a page at a time (docs/data-model.md, "How lists get total"). All runs, and the runs of
 * one definition, are numbered densely at creation, so page N is a range of numbers and `total` a counter:
 * the cost of a page does not depend on N. A status or supersession-key list, whose members come and go,
 * walks its index's keys (about 80 per read unit) and reads only the page's runs; combined filters read the
 * narrowest list's runs and filter them.
 */
export async function listRuns(
  store: { runCreation: RunCreationStore; runLists: RunListStore },
  workspaceId: string,
  filters: RunFilters,
  page: number,
  pageSize: number,
): Promise<Page<RunRecord>> {
  const { status, definitionId, supersessionKey } = filters;
  if (status === undefined && supersessionKey === undefined) {
    const scope = definitionId === undefined ? runsCounterScope : definitionCounterScope(definitionId);
    const total = await store.runCreation.counter(workspaceId, scope);
    const newest = total - (page - 1) * pageSize;
    if (newest < 1) return { items: [], total };
    const [index, pk]: [IndexName, string] =
      definitionId === undefined
        ? ["gsi1", runListPartitions.all(workspaceId)]
        : ["gsi2", runListPartitions.byDefinition(workspaceId, definitionId)];
    const items = await store.runLists.byPositions(index, pk, Math.max(1, newest - pageSize + 1), newest);
    return { items, total };
  }

  const [index, pk]: [IndexName, string] =
    supersessionKey !== undefined
      ? ["gsi4", runListPartitions.bySupersessionKey(workspaceId, supersessionKey)]
      : ["gsi3", runListPartitions.byStatus(workspaceId, status ?? "")];
  const keys = await store.runLists.allKeys(index, pk);
  const narrowedByOthers =
    (supersessionKey !== undefined && status !== undefined) || definitionId !== undefined;
  const start = (page - 1) * pageSize;
  if (!narrowedByOthers) {
    // The index lags its items a little: a run that just left this status is dropped rather than shown wrong.
    const items = await store.runLists.runs(keys.slice(start, start + pageSize));
    return {
      items: items.filter((run) => status === undefined || run.status === status),
      total: keys.length,
    };
  }
  const matching = (await store.runLists.runs(keys)).filter(
    (run) =>
      (status === undefined || run.status === status) &&
      (definitionId === undefined || run.definitionId === definitionId),
  );
  return { items: matching.slice(start, start + pageSize), total: matching.length };
}
