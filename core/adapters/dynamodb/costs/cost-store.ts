import type { AttemptCost } from "../../../domain/cost-record";
import type { CostStore } from "../../../ports/store";
import { putIfAbsent } from "../table/conditional-writes";
import type { Table } from "../table/dynamo-client";
import { keys } from "../table/keys";
import { indexPartitionItems, queryAll, queryByPrefix } from "../table/query";
import { costItem, fromCostItem } from "./cost-items";

/** Days of a run's records read at once: a run that lived a year is read in rounds, not 366 requests at once. */
const DAYS_AT_ONCE = 16;

/** Ids are ULIDs: in their order, the attempts' (and within one run, as its cost view lists them). */
const oldestFirst = (a: AttemptCost, b: AttemptCost) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function createCostStore(table: Table): CostStore {
  return {
    /** Records costs no run commit takes (a replay's calls): pending until rolled up on their own. */
    async put(cost: AttemptCost): Promise<void> {
      // Already there: written by an earlier put.
      await putIfAbsent(table, costItem(cost, { pending: true }));
    },

    /**
     * Every cost record of a run, oldest attempt first (ids are ULIDs): those in the run's partition, and those
     * under each of `days`: one strongly consistent query each, DAYS_AT_ONCE days at a time.
     */
    async forRun(workspaceId: string, runId: string, days: readonly string[]): Promise<AttemptCost[]> {
      const items = await queryByPrefix(table, keys.runPartition(workspaceId, runId), keys.attemptCostPrefix);
      const unique = [...new Set(days)];
      for (let i = 0; i < unique.length; i += DAYS_AT_ONCE) {
        const reads = unique
          .slice(i, i + DAYS_AT_ONCE)
          .map((day) => queryByPrefix(table, keys.costDayPk(workspaceId, day), `${runId}#`));
        items.push(...(await Promise.all(reads)).flat());
      }
      return items.map(fromCostItem).sort(oldestFirst);
    },

    /** Records put on their own and not yet rolled up (normally none: each is rolled up right after). */
    async pending(workspaceId: string, limit: number): Promise<AttemptCost[]> {
      const items = await indexPartitionItems(table, "gsi2", keys.costPendingIndexPk(workspaceId), { limit });
      // The index lags the table: an item rolled up a moment ago may still be listed there.
      return items.filter((item) => item.gsi2pk !== undefined).map(fromCostItem);
    },

    /**
     * The records listed under one of `days` (domain `listedDay`): per day, its partition of records (strongly
     * consistent) and the gsi1 entries of records kept in their runs' partitions.
     */
    async onDays(workspaceId: string, days: readonly string[]): Promise<AttemptCost[]> {
      const byId = new Map<string, AttemptCost>();
      for (const day of new Set(days)) {
        const pk = keys.costDayPk(workspaceId, day);
        const [kept, indexed] = await Promise.all([
          queryAll(table, {
            KeyConditionExpression: "pk = :pk",
            ExpressionAttributeValues: { ":pk": pk },
            ConsistentRead: true,
          }),
          indexPartitionItems(table, "gsi1", pk),
        ]);
        const costs = [...kept, ...indexed].map(fromCostItem).sort(oldestFirst);
        for (const cost of costs) byId.set(cost.id, cost);
      }
      return [...byId.values()];
    },
  };
}
