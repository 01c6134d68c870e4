/**
 * When a list's reads count as independent of history (bench:lists): its read units with the most history
 * are within a tolerance of its read units with the least. A list request's reads are deterministic (the same
 * request over the same items reads the same units; repeated runs of the bench agree to the half unit), so
 * the tolerance only absorbs a constant read crossing a unit boundary (the workspace's counter item as its
 * gaps grow, an API key's lookup): the larger of one read unit and 5 %. Anything more is growth, a walk of
 * the history however slow (a list of a status one run in twenty ends in grows by about 1.5 RRU from 400 to
 * 2,000 ended runs).
 */
export const GROWTH_TOLERANCE = { ratio: 1.05, plusRru: 1 } as const;

/** The most a list may read at the largest stage and still be independent of history. */
export function allowedRru(smallestRru: number): number {
  return Math.max(smallestRru * GROWTH_TOLERANCE.ratio, smallestRru + GROWTH_TOLERANCE.plusRru);
}

export function isIndependent(smallestRru: number, largestRru: number): boolean {
  return largestRru <= allowedRru(smallestRru);
}

/** Largest ÷ smallest; null when the smallest read nothing (no ratio to speak of). */
export function growthRatio(smallestRru: number, largestRru: number): number | null {
  return smallestRru > 0 ? largestRru / smallestRru : null;
}

/** Read units a list gains per 1,000 more ended runs, between the smallest stage and the largest. */
export function rruPerThousandRuns(
  smallest: { ended: number; rru: number },
  largest: { ended: number; rru: number },
): number {
  return ((largest.rru - smallest.rru) / (largest.ended - smallest.ended)) * 1000;
}
