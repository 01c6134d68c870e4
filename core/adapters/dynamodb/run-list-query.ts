import { listedDefinitionId, type RunRecord } from "../../domain/run-record";
import type { Page, RunFilters } from "../../ports/store";
import { runListPartitions } from "./index-keys";
import {
  childrenCounterScope,
  definitionCounterScope,
  type RunCreationStore,
  runsCounterScope,
} from "./run-creation";
import type { RunListStore } from "./run-lists";
import type { IndexName } from "./table";

/**
 * Runs newest first, a page at a time (docs/data-model.md, "How lists get total"). All runs, and the runs of
 * one definition, are numbered at creation, so page N is a range of numbers and `total` a counter less the
 * numbers given up: the cost of a page does not depend on N. A status or supersession-key list, whose members come and go,
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
  const { status, definitionId, supersessionKey, parentRunId } = filters;
  if (parentRunId !== undefined || (status === undefined && supersessionKey === undefined)) {
    const scope =
      parentRunId !== undefined
        ? childrenCounterScope(parentRunId)
        : definitionId === undefined
          ? runsCounterScope
          : definitionCounterScope(definitionId);
    const { count, gaps } = await store.runCreation.counter(workspaceId, scope);
    const total = count - gaps.length;
    const first = (page - 1) * pageSize + 1;
    if (first > total) return { items: [], total };
    const [index, pk]: [IndexName, string] =
      parentRunId !== undefined
        ? ["gsi1", runListPartitions.children(workspaceId, parentRunId)]
        : definitionId === undefined
          ? ["gsi1", runListPartitions.all(workspaceId)]
          : ["gsi2", runListPartitions.byDefinition(workspaceId, definitionId)];
    const newest = numberFromTop(count, gaps, first);
    const oldest = numberFromTop(count, gaps, Math.min(total, first + pageSize - 1));
    const items = await store.runLists.byPositions(index, pk, oldest, newest);
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
      (definitionId === undefined || listedDefinitionId(run) === definitionId),
  );
  return { items: matching.slice(start, start + pageSize), total: matching.length };
}

/**
 * The `rank`-th number from the top (1 = `count`) that is not a gap; `gaps` highest first. Each gap at or
 * above the candidate pushes it one further down.
 */
export function numberFromTop(count: number, gaps: readonly number[], rank: number): number {
  let number = count - rank + 1;
  for (const gap of gaps) {
    if (gap < number) break;
    number--;
  }
  return number;
}
