import type { RunFilters } from "../../ports/store";

/**
 * A date filter on a numbered run list, turned into a range of its numbers (docs/data-model.md, "Runs by
 * date"). Runs are numbered in creation order, so the runs created in a window are the numbers between the
 * first run created at or after its start and the first created at or after its end: each found by a binary
 * search over the numbers, whatever the page asked for.
 */
export interface NumberRange {
  /** The lowest number in the range. */
  from: number;
  /** The highest number in the range; below `from` when the range is empty. */
  to: number;
}

/**
 * The nearest listed run at or below `number` (and at or above `floor`): its own number and `createdAt`,
 * or undefined when none is listed there. One probe of the search.
 */
export type ProbeRun = (
  number: number,
  floor: number,
) => Promise<{ number: number; createdAt: string } | undefined>;

/**
 * The smallest number in `floor`..`top + 1` from which every listed run was created at or after `instant`
 * (`top + 1` when none was). About log2(top − floor) probes: the cost grows with the list's length by a
 * probe per doubling, never with the page asked for.
 */
export async function firstNumberCreatedFrom(
  probe: ProbeRun,
  floor: number,
  top: number,
  instant: string,
): Promise<number> {
  let low = floor;
  let high = top + 1;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const found = await probe(middle, low);
    if (found !== undefined && found.createdAt >= instant) high = found.number;
    else low = middle + 1; // nothing listed in low..middle, or created before the instant
  }
  return low;
}

/** The numbers 1..`top` narrowed to the runs created in the filters' window. */
export async function numberRangeOf(
  probe: ProbeRun,
  top: number,
  { createdAfter, createdBefore }: Pick<RunFilters, "createdAfter" | "createdBefore">,
): Promise<NumberRange> {
  const from = createdAfter === undefined ? 1 : await firstNumberCreatedFrom(probe, 1, top, createdAfter);
  const to =
    createdBefore === undefined ? top : (await firstNumberCreatedFrom(probe, from, top, createdBefore)) - 1;
  return { from, to };
}

/** Whether the filters bound the list by date at all. */
export function hasDateBound(filters: RunFilters): boolean {
  return filters.createdAfter !== undefined || filters.createdBefore !== undefined;
}
