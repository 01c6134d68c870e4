import type { Table } from "../table/dynamo-client";

/**
 * Per table, the definitions' day items seen to refuse steps for want of room, so later rollups send their new
 * steps to items of their own at once. A forgotten one only costs a refused write again.
 */
const fullItems = new WeakMap<Table, Set<string>>();
const FULL_ITEMS_KEPT = 10_000;

function known(table: Table): Set<string> {
  let full = fullItems.get(table);
  if (!full) {
    full = new Set<string>();
    fullItems.set(table, full);
  }
  return full;
}

/** The definitions' day items known to be full, for dayRollupActions: the set rememberFull adds to. */
export const fullDayItems = (table: Table): ReadonlySet<string> => known(table);

/** Remembers that these definitions' day items (DayRollupActions.definitionItems) refused their steps. */
export function rememberFull(table: Table, items: readonly string[]): void {
  const full = known(table);
  if (full.size >= FULL_ITEMS_KEPT) full.clear();
  for (const item of items) full.add(item);
}
