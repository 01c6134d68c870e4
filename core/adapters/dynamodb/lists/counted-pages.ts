/**
 * Page N of a list counted by block of 100 numbers (ended-counts.ts): the ended runs of a status, the
 * decided approval requests (docs/lists.md).
 */
import type { ItemKey } from "../table/keys";
import { BLOCK_RUNS, type BlockCount, MAX_RUN_NUMBER } from "./ended-counts";

/** How many entries the blocks count. */
export const sumOf = (blocks: readonly BlockCount[]) => blocks.reduce((sum, { runs }) => sum + runs, 0);

/**
 * The keys of ranks `start`… (0 = the newest; at most `pageSize`) of a list counted by block: the block the
 * first falls in is found from the counts, then walked from its top (`walk` answers the newest `limit` keys
 * numbered at or below `top`), so at most one block's entries are read whatever the rank.
 */
export async function countedPageKeys(
  blocks: readonly BlockCount[],
  start: number,
  pageSize: number,
  walk: (top: number, limit: number) => Promise<ItemKey[]>,
): Promise<ItemKey[]> {
  const counted = sumOf(blocks);
  if (start >= counted) return [];
  const { block, skip } = rankedBlock(blocks, start);
  const top = Math.min(MAX_RUN_NUMBER, block * BLOCK_RUNS + BLOCK_RUNS - 1);
  const walked = await walk(top, skip + pageSize);
  return walked.slice(skip, skip + Math.min(pageSize, counted - start));
}

/** The block holding the run of rank `start` (0 = the newest), and how many of its runs rank above it. */
function rankedBlock(blocks: readonly BlockCount[], start: number): { block: number; skip: number } {
  let above = 0;
  for (const { block, runs } of blocks) {
    if (above + runs > start) return { block, skip: start - above };
    above += runs;
  }
  throw new Error(`rank ${start} is past the counted runs (${above})`);
}
