import type { RunRecord } from "../../../domain/run-record";
import type { Page, RunFilters } from "../../../ports/store";
import { MAX_RUN_NUMBER } from "../lists/ended-counts";
import { hasDateBound, type NumberRange, numberRangeOf } from "../lists/run-number-range";
import type { ItemKey } from "../table/keys";
import type { SupersessionHead } from "./creation-items";
import type { RunCreationStore } from "./run-creation";
import { KEYED_SORT_PREFIX, runListPartitions } from "./run-index-keys";
import type { RunListStore } from "./run-lists";

/**
 * A page of a supersession key's runs, newest first (docs/lists.md, "Supersession keys"). The key's runs
 * are numbered in the transaction that moves its head (RunRecord.keySeq: dense, no gaps), so page N is a
 * range of those numbers and `total` the head's count, whatever the key's history. A date window is a range
 * of them too, found by the same search as the other lists'. Runs created before the key's runs were numbered
 * follow, walked as before, within `workspaceRange` (the window as workspace numbers, found only if needed).
 */
export async function listKeyRuns(
  { runCreation, runLists }: { runCreation: RunCreationStore; runLists: RunListStore },
  workspaceId: string,
  supersessionKey: string,
  filters: RunFilters,
  workspaceRange: () => Promise<NumberRange | undefined>,
  page: number,
  pageSize: number,
): Promise<Page<RunRecord>> {
  const pk = runListPartitions.bySupersessionKey(workspaceId, supersessionKey);
  const head = await runCreation.head(workspaceId, supersessionKey);
  const [range, older] = await Promise.all([
    keyNumberRange(runLists, pk, head, filters),
    keyOlderKeys(runLists, pk, head, workspaceRange),
  ]);
  const counted = Math.max(0, range.to - range.from + 1);
  const start = (page - 1) * pageSize;
  const end = start + pageSize;
  const items =
    start < counted
      ? await runLists.byPositions(
          "gsi4",
          pk,
          Math.max(range.from, range.to - end + 1),
          range.to - start,
          KEYED_SORT_PREFIX,
        )
      : [];
  const olderPage = older.slice(Math.max(0, start - counted), Math.max(0, end - counted));
  if (olderPage.length > 0) items.push(...(await runLists.runs(olderPage)));
  return { items, total: counted + older.length };
}

/** The key's numbers (RunRecord.keySeq) of the runs created in the filters' window, or all of them. */
export function keyNumberRange(
  runLists: Pick<RunListStore, "probe">,
  pk: string,
  head: SupersessionHead | undefined,
  filters: RunFilters,
): Promise<NumberRange> {
  const numbered = head?.runs ?? 0;
  return hasDateBound(filters)
    ? numberRangeOf(runLists.probe("gsi4", pk, KEYED_SORT_PREFIX), numbered, filters)
    : Promise.resolve({ from: 1, to: numbered });
}

/**
 * The keys of the key's runs created before its runs were numbered, newest first, within the window (as
 * workspace numbers) when there is one; at most `limit`. None once the head says every run is numbered.
 */
export async function keyOlderKeys(
  runLists: Pick<RunListStore, "allKeys">,
  pk: string,
  head: SupersessionHead | undefined,
  workspaceRange: () => Promise<NumberRange | undefined>,
  limit?: number,
): Promise<ItemKey[]> {
  if (head?.numberedAll) return [];
  return runLists.allKeys("gsi4", pk, (await workspaceRange()) ?? { from: 1, to: MAX_RUN_NUMBER }, limit);
}
