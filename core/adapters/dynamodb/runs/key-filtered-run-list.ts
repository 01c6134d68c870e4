import type { RunRecord } from "../../../domain/run-record";
import { isEndedStatus, LIVE_RUN_STATUSES } from "../../../domain/statuses";
import type { Page, RunFilters } from "../../../ports/store";
import type { NumberRange } from "../lists/run-number-range";
import { keys } from "../table/keys";
import type { SupersessionHead } from "./creation-items";
import { listEndedRuns } from "./ended-run-list";
import { candidateKeys, filteredPage, filteredRuns, type KeyWalk } from "./filtered-run-reads";
import { keyNumberRange, keyOlderKeys } from "./key-run-list";
import type { RunCreationStore } from "./run-creation";
import { isLiveStatus, KEYED_SORT_PREFIX, runListPartitions } from "./run-index-keys";
import type { RunListStore } from "./run-lists";

/**
 * A page of a supersession key's runs that also pass a status, `live`, `waitingFor` (the PENDING runs, in
 * `filters.status`) or a definition (docs/lists.md, "Combined filters"). A live status reads the runs
 * the key's head keeps as live (supersession-live.ts), at most a few dozen, whatever the key's history. An
 * ended status is the key's list of it, counted as its runs end (ended-run-list.ts). A head that does not
 * keep its live runs, a definition with an ended status, or the ended runs of a workspace from before it
 * counted them by key, walk the key's index keys within the window (a range of the key's numbers) and the
 * status's: the runs in both are the list, and only the page's are read (all of them when a definition or
 * `waitingFor` filters them further); when only one list is within the bound, its runs are read in full and
 * filtered (filtered-run-reads.ts).
 */
export async function listKeyFilteredRuns(
  stores: { runCreation: RunCreationStore; runLists: RunListStore },
  workspaceId: string,
  filters: RunFilters & { supersessionKey: string },
  workspaceRange: () => Promise<NumberRange | undefined>,
  page: number,
  pageSize: number,
  bound: number,
): Promise<Page<RunRecord>> {
  const { runCreation, runLists } = stores;
  const { supersessionKey, status, live } = filters;
  const statuses = live ? LIVE_RUN_STATUSES : status === undefined ? [] : [status];
  /** The runs in both the key's and the statuses' lists, `statusRange` narrowing the latter. */
  const candidates = async (head: SupersessionHead | undefined, statusRange: NumberRange | undefined) => {
    const pk = runListPartitions.bySupersessionKey(workspaceId, supersessionKey);
    const range = await keyNumberRange(runLists, pk, head, filters);
    const keyWalk: KeyWalk = async (limit) => {
      const numbered = await runLists.allKeys("gsi4", pk, range, limit, KEYED_SORT_PREFIX);
      if (numbered.length >= limit) return numbered;
      return [
        ...numbered,
        ...(await keyOlderKeys(runLists, pk, head, workspaceRange, limit - numbered.length)),
      ];
    };
    const statusWalk: KeyWalk | undefined =
      statuses.length === 0
        ? undefined
        : (limit) => runLists.statusKeys(workspaceId, statuses, statusRange, limit);
    return candidateKeys(keyWalk, statusWalk, bound);
  };
  if (status !== undefined && isEndedStatus(status) && filters.definitionId === undefined) {
    const query = { status, supersessionKey, window: await workspaceRange() };
    return listEndedRuns(stores, workspaceId, query, page, pageSize, async (uncounted) => {
      const head = await runCreation.head(workspaceId, supersessionKey);
      // The key's walk also lists its counted runs: only those numbered before counting are kept.
      return filteredRuns(runLists, await candidates(head, uncounted), filters, uncounted);
    });
  }
  const head = await runCreation.head(workspaceId, supersessionKey);
  const liveOnly = live === true || (status !== undefined && isLiveStatus(status));
  if (liveOnly && head?.liveRunIds !== undefined) {
    const kept = head.liveRunIds.map((runId) => keys.run(workspaceId, runId));
    return filteredPage(runLists, { keys: kept, inBoth: false }, filters, page, pageSize);
  }
  const found = await candidates(head, await workspaceRange());
  return filteredPage(runLists, found, filters, page, pageSize);
}
