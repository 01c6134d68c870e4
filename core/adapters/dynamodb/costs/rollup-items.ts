import type { CostRollup } from "../../../domain/cost-ledger";
import { keys } from "../table/keys";
import type { TransactItem } from "../table/transact";
import { dayRollupActions } from "./cost-day-items";

/** Where a run change's rollup actions sit among its transaction's actions (RunChange.rollup). */
export interface RollupPlacement {
  /** The index of the first of them: they come last. */
  from: number;
  /** The index of the run's `SEEN` marker, when the rollup counts the run all-time; its `ADD` follows it. */
  seen?: number;
  /** The indexes of the definitions' day items, each refused when it has no room for its steps. */
  definitionItems: { index: number; item: string }[];
  /**
   * The same rollup appended again to `actions` (the change's own, cut at `from`), after the refused day items
   * were remembered full; without the all-time count when `countRun` is false (the `SEEN` marker was there).
   */
  again(actions: TransactItem[], options: { countRun: boolean }): RollupPlacement;
}

/**
 * A run's unrolled sums as actions of its commit's transaction (RunChange.rollup): the day rollups' `ADD`s,
 * the new run-day markers (plain puts: a marker already there is the same marker), and, when the run has never
 * been counted, its `SEEN` marker (`attribute_not_exists`) with the all-time count's `ADD`. Appended to
 * `actions`, whose placement they return. `full`: the definitions' day items known to be full (full-day-memory.ts).
 */
export function appendRollup(
  tableName: string,
  actions: TransactItem[],
  run: { workspaceId: string; runId: string },
  rollup: CostRollup,
  full: ReadonlySet<string>,
): RollupPlacement {
  const { workspaceId, runId } = run;
  const from = actions.length;
  const days = dayRollupActions(tableName, workspaceId, rollup.rows, full);
  const placement: RollupPlacement = {
    from,
    definitionItems: days.definitionItems.map(({ offset, item }) => ({ index: from + offset, item })),
    again: (cut, { countRun }) =>
      appendRollup(tableName, cut, run, { ...rollup, countRun: rollup.countRun && countRun }, full),
  };
  actions.push(...days.actions);
  for (const day of rollup.newDays) {
    const marker = { ...keys.costDayRun(workspaceId, day, runId), entity: "CostRunDay", day };
    actions.push({ Put: { TableName: tableName, Item: marker } });
  }
  if (rollup.countRun) {
    placement.seen = actions.length;
    actions.push(...countRunActions(tableName, workspaceId, runId));
  }
  return placement;
}

export /** The run counted once all-time: its `SEEN` marker, new, and the count's `ADD`, in one transaction. */
function countRunActions(tableName: string, workspaceId: string, runId: string): TransactItem[] {
  return [
    {
      Put: {
        TableName: tableName,
        Item: { ...keys.costRunSeen(workspaceId, runId), entity: "CostRunSeen" },
        ConditionExpression: "attribute_not_exists(pk)",
      },
    },
    {
      Update: {
        TableName: tableName,
        Key: keys.costAllRuns(workspaceId),
        UpdateExpression: "ADD runs :one",
        ExpressionAttributeValues: { ":one": 1 },
      },
    },
  ];
}
