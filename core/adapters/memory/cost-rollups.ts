import { addToSums, dayOf, type ModelTotals } from "../../domain/cost-record";
import type { CostRollupStore } from "../../ports/store";
import { addAsDynamoDb } from "./decimal";
import { costSlot } from "./run-change";
import { byKey, type MemoryState, type WorkspaceRollups } from "./state";

/**
 * A workspace's cost rollups (cost-rollup-store.ts): each operation is one atomic step here, so none loses to
 * a concurrent one ("conflict" is DynamoDB's TransactionConflict, which memory has no cause for). Sums move
 * as the adapter's do: the record's calls summed per group in floating point, then added to the rollups with
 * DynamoDB's decimal `ADD`.
 */
export function createMemoryCostRollups(state: MemoryState): CostRollupStore {
  const rollupsOf = (workspaceId: string) => state.rollups.get(workspaceId) ?? noRollups();

  function writableRollupsOf(workspaceId: string): WorkspaceRollups {
    const rollups = rollupsOf(workspaceId);
    state.rollups.set(workspaceId, rollups);
    return rollups;
  }

  const within = (fromDay: string, toDay: string) => (entry: { day: string }) =>
    entry.day >= fromDay && entry.day <= toDay;

  function dayModels(workspaceId: string, fromDay: string, toDay: string) {
    return [...rollupsOf(workspaceId).dayModels.values()]
      .filter(within(fromDay, toDay))
      .sort((a, b) => byKey(a.day, b.day) || byKey(a.model, b.model));
  }

  return {
    async markRun(cost) {
      const rollups = writableRollupsOf(cost.workspaceId);
      for (const day of new Set(cost.calls.map((call) => dayOf(call.createdAt)))) {
        rollups.dayRuns.set(JSON.stringify([day, cost.workflowRunId]), { day, runId: cost.workflowRunId });
      }
      if (rollups.seenRuns.has(cost.workflowRunId)) return "already";
      rollups.seenRuns.add(cost.workflowRunId);
      rollups.allRuns += 1;
      return "rolled-up";
    },

    async rollUp(cost, now) {
      const stored = state.costs.get(costSlot(cost));
      if (!stored || stored.rolledUpAt !== null) return "already";
      stored.rolledUpAt = now;
      const byDay = new Map<string, ModelTotals>();
      const byModel = new Map<string, ModelTotals>();
      for (const { createdAt, model, costUsd, inputTokens, outputTokens } of cost.calls) {
        const totals = { model, costUsd, inputTokens, outputTokens, calls: 1 };
        addToSums(byDay, JSON.stringify([dayOf(createdAt), model]), totals);
        addToSums(byModel, model, totals);
      }
      const rollups = writableRollupsOf(cost.workspaceId);
      for (const [key, totals] of byDay) {
        const [day = ""] = JSON.parse(key) as string[];
        add(rollups.dayModels, key, { day, ...totals });
      }
      for (const [model, totals] of byModel) add(rollups.allModels, model, totals);
      return "rolled-up";
    },

    async days(workspaceId, fromDay, toDay) {
      const runIds = [...rollupsOf(workspaceId).dayRuns.values()]
        .filter(within(fromDay, toDay))
        .sort((a, b) => byKey(a.day, b.day) || byKey(a.runId, b.runId))
        .map(({ runId }) => runId);
      const models = dayModels(workspaceId, fromDay, toDay).map(({ day: _, ...totals }) => totals);
      return structuredClone({ models, runIds });
    },

    async dayModels(workspaceId, fromDay, toDay) {
      return structuredClone(dayModels(workspaceId, fromDay, toDay));
    },

    async allTime(workspaceId) {
      const rollups = rollupsOf(workspaceId);
      const models = [...rollups.allModels.values()].sort((a, b) => byKey(a.model, b.model));
      return structuredClone({ models, totalRuns: rollups.allRuns });
    },
  };
}

function noRollups(): WorkspaceRollups {
  return { dayModels: new Map(), dayRuns: new Map(), allModels: new Map(), seenRuns: new Set(), allRuns: 0 };
}

/** DynamoDB's `ADD` of each total to the rollup at `key`, which starts at zero. */
function add<T extends ModelTotals>(rollups: Map<string, T>, key: string, totals: T): void {
  const current = rollups.get(key);
  if (!current) {
    rollups.set(key, { ...totals });
    return;
  }
  current.costUsd = addAsDynamoDb(current.costUsd, totals.costUsd);
  current.inputTokens = addAsDynamoDb(current.inputTokens, totals.inputTokens);
  current.outputTokens = addAsDynamoDb(current.outputTokens, totals.outputTokens);
  current.calls = addAsDynamoDb(current.calls, totals.calls);
}
