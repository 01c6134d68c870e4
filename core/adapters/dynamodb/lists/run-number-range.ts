import type { RunFilters } from "../../../ports/store";

/**
 * A date filter on a numbered run list, turned into a range of its numbers (docs/lists.md, "Runs by
 * date"). Runs are numbered in creation order, so the runs created in a window are the numbers between the
 * first run created at or after its start and the first created at or after its end: each found by a search
 * over the numbers, whatever the page asked for.
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
 * (`top + 1` when none was). An exponential search from `from` (`"top"` or `"floor"`, the end the answer is
 * expected near): probes 1, 2, 4 … numbers away from it until one falls on the instant's other side, then a
 * binary search between the last two. About 2·log2 of the distance from that end to the answer: a bound an
 * hour ago costs the same probes whatever the history below it, where a binary search over the whole list
 * cost log2 of its length.
 */
export async function firstNumberCreatedFrom(
  probe: ProbeRun,
  floor: number,
  top: number,
  instant: string,
  from: "top" | "floor" = "top",
): Promise<number> {
  // Invariants: every listed run numbered below `low` was created before the instant, and every one numbered
  // at or above `high` at or after it.
  let low = floor;
  let high = top + 1;
  /** Probes `middle` and narrows low..high by it: true when the run found was created at or after the instant. */
  const narrow = async (middle: number): Promise<boolean> => {
    const found = await probe(middle, low);
    if (found !== undefined && found.createdAt >= instant) {
      high = found.number;
      return true;
    }
    low = middle + 1; // nothing listed in low..middle, or created before the instant
    return false;
  };
  // Out from the end the answer lies near, the step doubling until a probe lands on the instant's other side.
  for (let step = 1; low < high; step *= 2) {
    const middle = from === "top" ? Math.max(low, high - step) : Math.min(high - 1, low + step - 1);
    if ((await narrow(middle)) === (from === "floor")) break;
  }
  while (low < high) await narrow(Math.floor((low + high) / 2));
  return low;
}

/** The numbers 1..`top` narrowed to the runs created in the filters' window. */
export async function numberRangeOf(
  probe: ProbeRun,
  top: number,
  { createdAfter, createdBefore }: Pick<RunFilters, "createdAfter" | "createdBefore">,
): Promise<NumberRange> {
  const from = createdAfter === undefined ? 1 : await firstNumberCreatedFrom(probe, 1, top, createdAfter);
  // The end of a window is searched for up from its start: its cost then grows with the window, not with
  // the runs created since.
  const end = createdAfter === undefined ? "top" : "floor";
  const to =
    createdBefore === undefined
      ? top
      : (await firstNumberCreatedFrom(probe, from, top, createdBefore, end)) - 1;
  return { from, to };
}

/** Whether the filters bound the list by date at all. */
export function hasDateBound(filters: RunFilters): boolean {
  return filters.createdAfter !== undefined || filters.createdBefore !== undefined;
}
