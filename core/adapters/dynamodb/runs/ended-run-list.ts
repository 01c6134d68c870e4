import type { RunRecord } from "../../../domain/run-record";
import type { Page } from "../../../ports/store";
import { countedPageKeys, sumOf } from "../lists/counted-pages";
import {
  BLOCK_RUNS,
  type BlockCount,
  blockOf,
  type CountingStarts,
  MAX_RUN_NUMBER,
} from "../lists/ended-counts";
import type { NumberRange } from "../lists/run-number-range";
import type { ItemKey } from "../table/keys";
import type { IndexName } from "../table/table";
import { endedOfDefinition, endedOfKey } from "./end-count-writes";
import { type ListedRuns, listedKeys } from "./filtered-run-reads";
import type { RunCreationStore } from "./run-creation";
import { runListPartitions } from "./run-index-keys";
import type { RunListStore } from "./run-lists";

/**
 * Which ended runs a list holds: a status's, of one definition, of one supersession key or all, within a range
 * of run numbers or not.
 */
export interface EndedListQuery {
  status: string;
  definitionId?: string | undefined;
  supersessionKey?: string | undefined;
  /** The runs numbered in this range only (a date window, as run-number-range.ts finds it). */
  window?: NumberRange | undefined;
}

interface Stores {
  runCreation: RunCreationStore;
  runLists: RunListStore;
}

/** The uncounted runs of a list numbered in a range (filtered-run-reads.ts `ListedRuns`). */
export type UncountedWalk = (range: NumberRange) => Promise<ListedRuns>;

/**
 * A page of one ended status's runs, of one definition, of one key or all, newest first (docs/lists.md,
 * "Runs by status"). The runs counted as they ended are counted by block of 100 run numbers: `total` is the
 * blocks' sum, and the page starts in the block its first rank falls in, reached by walking that block's index
 * entries from its top; so the page costs the same reads whatever N and however long the history (a count
 * item per 10,000 runs aside). A window clips the blocks at its two ends to the runs inside it (a walk of at
 * most one block each). The runs of a workspace numbered before it counted ends follow (`uncounted`: for a
 * status or a definition, walked as every status list was before).
 */
export async function listEndedRuns(
  { runCreation, runLists }: Stores,
  workspaceId: string,
  query: EndedListQuery,
  page: number,
  pageSize: number,
  uncounted: UncountedWalk = (range) => uncountedRuns(runLists, workspaceId, query, range),
): Promise<Page<RunRecord>> {
  const { status, window = { from: 1, to: MAX_RUN_NUMBER } } = query;
  const list = endedList(workspaceId, query);
  const [starts, allBlocks] = await Promise.all([
    runCreation.endedCounts.readStarts(workspaceId),
    runCreation.endedCounts.blocks(workspaceId, list.counts),
  ]);
  const countedAbove = starts[list.startsAt];
  const counted = { from: Math.max(window.from, countedAbove + 1), to: window.to };
  const walk = (range: NumberRange, limit?: number) => runLists.allKeys(list.index, list.pk, range, limit);
  const uncountedRange = { from: window.from, to: Math.min(window.to, countedAbove) };
  const [blocks, older] = await Promise.all([
    clippedBlocks(allBlocks, counted, walk),
    uncountedRange.to < uncountedRange.from ? NONE : uncounted(uncountedRange),
  ]);
  const countedRuns = sumOf(blocks);
  const start = (page - 1) * pageSize;
  const end = start + pageSize;
  const pageKeys = await countedPageKeys(blocks, start, pageSize, (top, limit) =>
    walk({ from: counted.from, to: Math.min(top, counted.to) }, limit),
  );
  const [newer, olderPage] = await Promise.all([
    runLists.runs(pageKeys),
    end > countedRuns ? older.page(Math.max(0, start - countedRuns), end - countedRuns) : [],
  ]);
  // The index lags its items a little: a run a retry has just revived is dropped rather than shown wrong.
  const items = [...newer, ...olderPage].filter((run) => run.status === status);
  return { items, total: countedRuns + older.total };
}

const NONE: ListedRuns = { total: 0, page: async () => [] };

/** Where a list's runs are indexed and counted, and which of the workspace's counting starts applies to it. */
function endedList(
  workspaceId: string,
  { status, definitionId, supersessionKey }: EndedListQuery,
): { index: IndexName; pk: string; counts: string; startsAt: keyof CountingStarts } {
  if (supersessionKey !== undefined) {
    return {
      index: "gsi5",
      pk: runListPartitions.endedOfKey(workspaceId, supersessionKey, status),
      counts: endedOfKey(supersessionKey, status),
      startsAt: "keys",
    };
  }
  if (definitionId !== undefined) {
    return {
      index: "gsi6",
      pk: runListPartitions.endedOfDefinition(workspaceId, definitionId, status),
      counts: endedOfDefinition(definitionId, status),
      startsAt: "definitions",
    };
  }
  return {
    index: "gsi3",
    pk: runListPartitions.byStatus(workspaceId, status),
    counts: status,
    startsAt: "runs",
  };
}

/**
 * The blocks' counts within `range`: those wholly outside it dropped, and the (at most two) it cuts through
 * counted again from their entries inside it (`walk` answers the keys numbered in a range).
 */
async function clippedBlocks(
  blocks: readonly BlockCount[],
  range: NumberRange,
  walk: (range: NumberRange) => Promise<ItemKey[]>,
): Promise<BlockCount[]> {
  const [low, high] = [blockOf(range.from), blockOf(range.to)];
  const clipped = await Promise.all(
    blocks
      .filter(({ block }) => block >= low && block <= high)
      .map(async ({ block, runs }) => {
        // Run numbers start at 1: block 0 holds 1…99.
        const [first, last] = [Math.max(1, block * BLOCK_RUNS), block * BLOCK_RUNS + BLOCK_RUNS - 1];
        if (range.from <= first && range.to >= last) return { block, runs };
        const inside = await walk({ from: Math.max(range.from, first), to: Math.min(range.to, last) });
        return { block, runs: inside.length };
      }),
  );
  return clipped.filter(({ runs }) => runs > 0);
}

/**
 * The runs of a status's list, or of a definition's, numbered in `range` before the workspace counted them:
 * the status's gsi3 entries, walked as every status list was before. Those of one definition are the ones
 * gsi2 also lists under it (gsi2 lists a run under the definition it was created on), both lists walked as
 * keys, a thirtieth of a read unit each; the definition's whole, since its entries are sorted by its own
 * numbers. A supersession key's list brings its own (key-filtered-run-list.ts).
 */
async function uncountedRuns(
  runLists: RunListStore,
  workspaceId: string,
  { status, definitionId }: EndedListQuery,
  range: NumberRange,
): Promise<ListedRuns> {
  const ofStatus = () => runLists.allKeys("gsi3", runListPartitions.byStatus(workspaceId, status), range);
  if (definitionId === undefined) return listedKeys(runLists, await ofStatus());
  const [ofDefinition, statusKeys] = await Promise.all([
    runLists.allKeys("gsi2", runListPartitions.byDefinition(workspaceId, definitionId)),
    ofStatus(),
  ]);
  const listed = new Set(ofDefinition.map((key) => key.pk));
  return listedKeys(
    runLists,
    statusKeys.filter((key) => listed.has(key.pk)),
  );
}
