import type { RunRecord } from "../../domain/run-record";
import type { Page } from "../../ports/store";
import { BLOCK_RUNS, type BlockCount, MAX_RUN_NUMBER } from "./ended-count-items";
import { runListPartitions } from "./index-keys";
import type { ItemKey } from "./keys";
import type { RunCreationStore } from "./run-creation";
import type { RunListStore } from "./run-lists";

/**
 * A page of one ended status's runs, newest first (docs/data-model.md, "Runs by status"). The runs counted as
 * they ended are counted by block of 100 run numbers: `total` is the blocks' sum, and the page starts in the
 * block its first rank falls in, reached by walking that block's index entries from its top; so the page
 * costs the same reads whatever N and however long the history (a count item per 10,000 runs aside). The runs
 * of a workspace numbered before it counted ends follow, walked as every status list was before.
 */
export async function listEndedRuns(
  { runCreation, runLists }: { runCreation: RunCreationStore; runLists: RunListStore },
  workspaceId: string,
  status: string,
  page: number,
  pageSize: number,
): Promise<Page<RunRecord>> {
  const pk = runListPartitions.byStatus(workspaceId, status);
  const [countedAbove, blocks] = await Promise.all([
    runCreation.endedCounts.readCountedAbove(workspaceId),
    runCreation.endedCounts.blocks(workspaceId, status),
  ]);
  const uncounted =
    countedAbove === 0 ? [] : await runLists.allKeys("gsi3", pk, { from: 1, to: countedAbove });
  const counted = sumOf(blocks);
  const start = (page - 1) * pageSize;
  const end = start + pageSize;
  const keys = await countedPageKeys(blocks, start, pageSize, (top, limit) =>
    runLists.allKeys("gsi3", pk, { from: countedAbove + 1, to: top }, limit),
  );
  keys.push(...uncounted.slice(Math.max(0, start - counted), Math.max(0, end - counted)));
  // The index lags its items a little: a run a retry has just revived is dropped rather than shown wrong.
  const items = (await runLists.runs(keys)).filter((run) => run.status === status);
  return { items, total: counted + uncounted.length };
}

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

/**
 * The keys of an ended status's runs of one definition, newest first: the status's index entries that are
 * also the definition's (gsi2 lists a run under the definition it was created on). Both lists are walked
 * as keys, a thirtieth of a read unit each, and only the page's runs are then read.
 */
export async function endedOfDefinitionKeys(
  runLists: RunListStore,
  workspaceId: string,
  status: string,
  definitionId: string,
): Promise<ItemKey[]> {
  const [ofDefinition, ofStatus] = await Promise.all([
    runLists.allKeys("gsi2", runListPartitions.byDefinition(workspaceId, definitionId)),
    runLists.statusKeys(workspaceId, [status]),
  ]);
  const listed = new Set(ofDefinition.map((key) => key.pk));
  return ofStatus.filter((key) => listed.has(key.pk));
}
