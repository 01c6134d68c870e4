import { ValidationError } from "../../../domain/errors";
import type { RunRecord } from "../../../domain/run-record";
import { listedDefinitionId } from "../../../domain/run-revisions";
import { waitingForOf } from "../../../domain/run-slots";
import type { Page, RunFilters } from "../../../ports/store";
import type { NumberRange } from "../lists/run-number-range";
import type { ItemKey } from "../table/keys";
import { isLiveStatus } from "./run-index-keys";
import type { RunListStore } from "./run-lists";

/**
 * Run lists whose filters no one index answers together, read under a bound (docs/lists.md, "Combined
 * filters"): their candidates' keys are walked with a `Limit` one past the bound, so no more than that is
 * read, and the runs are read in full and filtered only when there are at most `bound` of them. Past it the
 * request is refused before any run is read.
 */

/** The keys of a list, newest first: the first `limit` of them. */
export type KeyWalk = (limit: number) => Promise<ItemKey[]>;

/** Index entries cost about a thirtieth of a run's strongly consistent read (150 bytes against up to 4 KB). */
const ENTRIES_PER_RUN_READ = 30;

/** The keys of the runs that may pass the filters, newest first. */
export interface Candidates {
  keys: ItemKey[];
  /** The keys listed in both lists walked: as the indexes have it, every one passes both lists' filters. */
  inBoth: boolean;
}

/**
 * The keys of the runs that may pass the filters: `narrowest`'s, when within `bound`, narrowed to those
 * `other` lists as well (in `other`'s order) if `other` ends before its keys cost more than reading
 * `narrowest`'s runs in full. When `narrowest` is past the bound, `other`'s keys if it ends within it; when
 * both are past it, the filters are refused.
 */
export async function candidateKeys(
  narrowest: KeyWalk,
  other: KeyWalk | undefined,
  bound: number,
): Promise<Candidates> {
  const first = await narrowest(bound + 1);
  const within = first.length <= bound;
  if (other === undefined) {
    if (within) return { keys: first, inBoth: false };
    throw tooManyRuns(bound);
  }
  const limit = within ? Math.min(bound + 1, first.length * ENTRIES_PER_RUN_READ) : bound + 1;
  const second = limit === 0 ? [] : await other(limit);
  if (second.length < limit) {
    if (!within) return { keys: second, inBoth: false };
    const listed = new Set(first.map(keyString));
    return { keys: second.filter((key) => listed.has(keyString(key))), inBoth: true };
  }
  if (within) return { keys: first, inBoth: false };
  throw tooManyRuns(bound);
}

const keyString = (key: ItemKey) => `${key.pk}|${key.sk}`;

function tooManyRuns(bound: number): ValidationError {
  const runs = bound.toLocaleString("en-US");
  return new ValidationError(
    `The filters match more than ${runs} runs; narrow them with createdAfter/createdBefore, or drop a filter`,
    { details: { issues: [{ path: "createdAfter", message: `narrow the window to at most ${runs} runs` }] } },
  );
}

/** The runs of a list: how many, and those of ranks `start`…`end` − 1 (0 = the newest). */
export interface ListedRuns {
  total: number;
  page(start: number, end: number): Promise<RunRecord[]>;
}

/** Runs listed as keys, read a page at a time. */
export const listedKeys = (runLists: Pick<RunListStore, "runs">, keys: readonly ItemKey[]): ListedRuns => ({
  total: keys.length,
  page: async (start, end) => (start < end ? runLists.runs(keys.slice(start, end)) : []),
});

/**
 * The runs that pass every filter, newest first, numbered `within` a range when one is given. Candidates in
 * both lists, with no filter but theirs, are counted as listed and only a page's runs are read (the caller
 * walked the range into them); others are read in full and filtered. The indexes lag their items a little:
 * a run that has just left the list's statuses is dropped rather than shown wrong.
 */
export async function filteredRuns(
  runLists: Pick<RunListStore, "runs">,
  { keys, inBoth }: Candidates,
  filters: RunFilters,
  within?: NumberRange,
): Promise<ListedRuns> {
  const keep = (run: RunRecord) =>
    passes(run, filters) && (within === undefined || (run.seq >= within.from && run.seq <= within.to));
  if (inBoth && filters.definitionId === undefined && filters.waitingFor === undefined) {
    const listed = listedKeys(runLists, keys);
    return { ...listed, page: async (start, end) => (await listed.page(start, end)).filter(keep) };
  }
  const matching = (await runLists.runs(keys)).filter(keep).sort((a, b) => b.seq - a.seq);
  return { total: matching.length, page: async (start, end) => matching.slice(start, end) };
}

/** A page of the runs that pass every filter, newest first (`filteredRuns`). */
export async function filteredPage(
  runLists: Pick<RunListStore, "runs">,
  candidates: Candidates,
  filters: RunFilters,
  page: number,
  pageSize: number,
): Promise<Page<RunRecord>> {
  const runs = await filteredRuns(runLists, candidates, filters);
  const start = (page - 1) * pageSize;
  return { items: await runs.page(start, start + pageSize), total: runs.total };
}

function passes(run: RunRecord, filters: RunFilters): boolean {
  const { status, live, definitionId, supersessionKey, createdAfter, createdBefore, waitingFor } = filters;
  return (
    (status === undefined || run.status === status) &&
    (!live || isLiveStatus(run.status)) &&
    (definitionId === undefined || listedDefinitionId(run) === definitionId) &&
    (supersessionKey === undefined || run.supersessionKey === supersessionKey) &&
    (createdAfter === undefined || run.createdAt >= createdAfter) &&
    (createdBefore === undefined || run.createdAt < createdBefore) &&
    (waitingFor === undefined || waitingForOf(run) === waitingFor)
  );
}
