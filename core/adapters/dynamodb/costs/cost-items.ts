import { type AttemptCost, type CostCall, dayOf } from "../../../domain/cost-record";
import { type ItemKey, keys } from "../table/keys";
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
export function costRecordAction(tableName: string, cost: AttemptCost): TransactItem {
  const item = costItem(cost, { pending: false });
  return { Put: { TableName: tableName, Item: item, ConditionExpression: "attribute_not_exists(pk)" } };
}
