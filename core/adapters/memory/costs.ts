import { listedDay } from "../../domain/cost-record";
import type { CostStore } from "../../ports/store";
import { storedCost } from "./dynamo-items";
import { costSlot } from "./item-slots";
import { byKey, type MemoryState, type StoredCost } from "./state";

/**
 * Attempt costs: written before run changes (run-change.ts), which add them to their runs' sums, or by `put`,
 * pending until rolled up on their own (cost-rollups.ts).
 */
export function createMemoryCosts(state: MemoryState): CostStore {
  const byFirstCall = (a: StoredCost, b: StoredCost) =>
    byKey(`${a.firstCallAt}#${a.cost.id}`, `${b.firstCallAt}#${b.cost.id}`);
  const costsOf = (workspaceId: string, matches: (stored: StoredCost) => boolean) =>
    [...state.costs.values()].filter((stored) => stored.cost.workspaceId === workspaceId && matches(stored));

  return {
    async put(cost) {
      if (!state.costs.has(costSlot(cost))) {
        state.costs.set(costSlot(cost), { ...storedCost(cost, { pending: true }), pending: true });
      }
    },

    async forRun(workspaceId, runId, days) {
      // As the adapter reads them: a run's partition, and the days asked for.
      const listed = ({ cost }: StoredCost) =>
        cost.workflowRunId === runId && (cost.startedAt === undefined || days.includes(listedDay(cost)));
      const costs = costsOf(workspaceId, listed)
        .map(({ cost }) => cost)
        .sort((a, b) => byKey(a.id, b.id));
      return structuredClone(costs);
    },

    async pending(workspaceId, limit) {
      const pending = costsOf(workspaceId, ({ pending }) => pending)
        .sort(byFirstCall)
        .slice(0, limit);
      return structuredClone(pending.map(({ cost }) => cost));
    },

    async onDays(workspaceId, days) {
      const onDays = [...new Set(days)].flatMap((day) =>
        costsOf(workspaceId, ({ cost }) => listedDay(cost) === day)
          .map(({ cost }) => cost)
          .sort((a, b) => byKey(a.id, b.id)),
      );
      return structuredClone(onDays);
    },
  };
}
