import { type AttemptCost, type CostCall, dayOf } from "../../domain/cost-record";
import type { CostStore } from "../../ports/store";
import { putIfAbsent } from "./conditional-writes";
import type { Table } from "./dynamo-client";
import { keys } from "./keys";
import { indexPartitionItems, queryByPrefix } from "./query";
import type { TransactItem } from "./transact";

type Item = Record<string, unknown>;

/**
 * An attempt's cost item, in its run's partition (`COST#<id>`), indexed by the UTC day of its first call
 * (gsi1, so the summary can read the records of a partial day). A record its run's commit adds to the run's
 * unrolled sums is in no other index; one rolled up on its own (`pending`: a replay's calls, or a record from
 * before runs kept their sums) is in the sparse pending index (gsi2) until its rollup removes it.
 */
export function costItem(cost: AttemptCost, options: { pending: boolean }): Item {
  const firstCallAt = cost.calls[0]?.createdAt ?? new Date(0).toISOString();
  return {
    ...keys.attemptCost(cost.workspaceId, cost.workflowRunId, cost.id),
    entity: "CostRecord",
    ...cost,
    firstCallAt,
    ...keys.costDayIndex(cost.workspaceId, dayOf(firstCallAt), firstCallAt, cost.id),
    ...(options.pending ? keys.costPendingIndex(cost.workspaceId, firstCallAt, cost.id) : {}),
  };
}

export function fromCostItem(item: Item): AttemptCost {
  return {
    id: String(item.id),
    workspaceId: String(item.workspaceId),
    workflowRunId: String(item.workflowRunId),
    ...(item.definitionId === undefined ? {} : { definitionId: String(item.definitionId) }),
    stepRunId: String(item.stepRunId),
    attempt: Number(item.attempt),
    calls: (item.calls as CostCall[]).map((call) => ({
      stepName: call.stepName,
      model: call.model,
      provider: call.provider,
      inputTokens: Number(call.inputTokens),
      outputTokens: Number(call.outputTokens),
      costUsd: Number(call.costUsd),
      createdAt: call.createdAt,
      ...(call.wasted ? { wasted: true as const } : {}),
    })),
  };
}

/** The Put that records an attempt's costs before the commit ending the attempt, which adds them to its run. */
export function costRecordAction(table: Table, cost: AttemptCost): TransactItem {
  const item = costItem(cost, { pending: false });
  return { Put: { TableName: table.name, Item: item, ConditionExpression: "attribute_not_exists(pk)" } };
}

export function createCostStore(table: Table): CostStore {
  return {
    /** Records costs no run commit takes (a replay's calls): pending until rolled up on their own. */
    async put(cost: AttemptCost): Promise<void> {
      // Already there: written by an earlier put.
      await putIfAbsent(table, costItem(cost, { pending: true }));
    },

    /** Every cost record of a run, oldest attempt first (ids are ULIDs). */
    async forRun(workspaceId: string, runId: string): Promise<AttemptCost[]> {
      const items = await queryByPrefix(table, keys.runPartition(workspaceId, runId), keys.attemptCostPrefix);
      return items.map(fromCostItem);
    },

    /** Records put on their own and not yet rolled up (normally none: each is rolled up right after). */
    async pending(workspaceId: string, limit: number): Promise<AttemptCost[]> {
      const items = await indexPartitionItems(table, "gsi2", keys.costPendingIndexPk(workspaceId), { limit });
      // The index lags the table: an item rolled up a moment ago may still be listed there.
      return items.filter((item) => item.gsi2pk !== undefined).map(fromCostItem);
    },

    /** Cost items whose first call was on one of `days`; calls of an item may run past midnight. */
    async firstCalledOn(workspaceId: string, days: readonly string[]): Promise<AttemptCost[]> {
      const byId = new Map<string, AttemptCost>();
      for (const day of new Set(days)) {
        for (const item of await indexPartitionItems(table, "gsi1", keys.costDayIndexPk(workspaceId, day))) {
          const cost = fromCostItem(item);
          byId.set(cost.id, cost);
        }
      }
      return [...byId.values()];
    },
  };
}
