/**
 * The `rank`-th number from the top (1 = `count`) of a numbered list that is not a gap; `gaps` highest first.
 * Each gap at or above the candidate pushes it one further down. Shared by the run lists and the webhook
 * delivery log (docs/lists.md, "How lists get total"), kept apart so the delivery log's bundle does not
 * load the run lists.
 */
export function numberFromTop(count: number, gaps: readonly number[], rank: number): number {
  let number = count - rank + 1;
  for (const gap of gaps) {
    if (gap < number) break;
    number--;
  }
  return number;
}
