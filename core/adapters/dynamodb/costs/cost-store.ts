import { type AttemptCost, type CostCall, dayOf } from "../../../domain/cost-record";
import type { CostStore } from "../../../ports/store";
import { putIfAbsent } from "../table/conditional-writes";
import type { Table } from "../table/dynamo-client";
import { type ItemKey, keys } from "../table/keys";
import { indexPartitionItems, queryAll, queryByPrefix } from "../table/query";
import type { TransactItem } from "../table/transact";

type Item = Record<string, unknown>;

/**
 * Where an attempt's cost record is kept. One with a start (AttemptCost.startedAt: an attempt of a run) is kept
 * under that UTC day, its run's id leading its sort key (`WS#<wsp>#COSTDAY#<day>`, `<run>#<id>`): a day's records
 * are one partition and a run's a prefix of the days it lived, with no index entry to pay. One without (a replay's,
 * or from before records had a start) is kept in its run's partition (`COST#<id>`), listed by the UTC day of its
 * first call in gsi1 (docs/data-model.md, "Cost records").
 */
export function costKey(cost: AttemptCost): ItemKey {
  return cost.startedAt === undefined
    ? keys.attemptCost(cost.workspaceId, cost.workflowRunId, cost.id)
    : keys.dayCost(cost.workspaceId, dayOf(cost.startedAt), cost.workflowRunId, cost.id);
}

/**
 * An attempt's cost item (costKey). A record its run's commit adds to the run's unrolled sums is in no index but
 * the day one of a record kept in its run's partition; one rolled up on its own (`pending`: a replay's calls, or
 * a record from before runs kept their sums) is in the sparse pending index (gsi2) until its rollup removes it.
 */
export function costItem(cost: AttemptCost, options: { pending: boolean }): Item {
  const firstCallAt = cost.calls[0]?.createdAt ?? new Date(0).toISOString();
  return {
    ...costKey(cost),
    entity: "CostRecord",
    ...cost,
    firstCallAt,
    ...(cost.startedAt === undefined
      ? keys.costDayIndex(cost.workspaceId, dayOf(firstCallAt), firstCallAt, cost.id)
      : {}),
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
    ...(item.startedAt === undefined ? {} : { startedAt: String(item.startedAt) }),
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
