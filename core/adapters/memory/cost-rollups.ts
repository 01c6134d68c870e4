import type { CostRollup } from "../../domain/cost-ledger";
import { addToSums, callTotals, dayOf, type ModelTotals } from "../../domain/cost-record";
import type { CostRollupStore } from "../../ports/store";
import { decimalOf, plus, toNumber } from "./decimal";
import { costSlot } from "./item-slots";
import { byKey, type MemoryState, type RollupSums, type WorkspaceRollups } from "./state";

/**
 * A workspace's cost rollups (cost-rollup-store.ts). Each operation is one atomic step here, so none loses to
 * a concurrent one: "conflict" is DynamoDB's TransactionConflict, which memory has no cause for. Sums move as
 * the adapter's do: a record's calls summed per group in floating point, then added to the rollups exactly.
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
      .sort((a, b) => byKey(a.day, b.day) || byKey(sortKey(a), sortKey(b)))
      .map(({ day, ...sums }) => ({ day, ...totalsOf(sums) }));
  }

  return {
    async markRun(cost, options = {}) {
      const rollups = writableRollupsOf(cost.workspaceId);
      let newDay = false;
      for (const day of new Set(cost.calls.map((call) => dayOf(call.createdAt)))) {
        const key = JSON.stringify([day, cost.workflowRunId]);
        if (!rollups.dayRuns.has(key)) newDay = true;
        rollups.dayRuns.set(key, { day, runId: cost.workflowRunId });
      }
      if (options.onlyOnNewDay && !newDay) return "already";
      if (rollups.seenRuns.has(cost.workflowRunId)) return "already";
      rollups.seenRuns.add(cost.workflowRunId);
      rollups.allRuns += 1;
      return "rolled-up";
    },

    async rollUp(cost) {
      const stored = state.costs.get(costSlot(cost));
      if (!stored?.pending) return "already";
      stored.pending = false;
      const byDay = new Map<string, ModelTotals>();
      for (const call of cost.calls) {
        const key = [dayOf(call.createdAt), call.model, cost.definitionId ?? null, call.stepName];
        addToSums(byDay, JSON.stringify(key), callTotals(cost, call));
      }
      const rollups = writableRollupsOf(cost.workspaceId);
      for (const [key, totals] of byDay) {
        const [day = ""] = JSON.parse(key) as string[];
        const sums = add(rollups.dayModels.get(key), totals);
        rollups.dayModels.set(key, { day, ...sums });
      }
      return "rolled-up";
    },

    async days(workspaceId, fromDay, toDay) {
      const runIds = [...rollupsOf(workspaceId).dayRuns.values()]
        .filter(within(fromDay, toDay))
        .sort((a, b) => byKey(a.day, b.day) || byKey(a.runId, b.runId))
        .map(({ runId }) => runId);
      const models = dayModels(workspaceId, fromDay, toDay).map(({ day: _, ...totals }) => totals);
      return { models, runIds };
    },

    async dayModels(workspaceId, fromDay, toDay) {
      return dayModels(workspaceId, fromDay, toDay);
    },

    async allTime(workspaceId) {
      // The day rollups in the adapter's order (day, then model, definition, step), read back as doubles.
      const models = dayModels(workspaceId, "", "~").map(({ day: _, ...totals }) => totals);
      return { models, totalRuns: rollupsOf(workspaceId).allRuns };
    },
  };
}

/**
 * A run change's rollup (RunChange.rollup), written with the change: its rows added to the day rollups, its
 * new run-day markers, and the run counted all-time unless it was already (its `SEEN` marker).
 */
export function applyRollup(
  state: MemoryState,
  workspaceId: string,
  runId: string,
  rollup: CostRollup,
): void {
  const rollups = state.rollups.get(workspaceId) ?? noRollups();
  state.rollups.set(workspaceId, rollups);
  for (const { day, ...totals } of rollup.rows) {
    const key = JSON.stringify([day, totals.model, totals.definitionId ?? null, totals.stepName ?? null]);
    rollups.dayModels.set(key, { day, ...add(rollups.dayModels.get(key), totals) });
  }
  for (const day of rollup.newDays) rollups.dayRuns.set(JSON.stringify([day, runId]), { day, runId });
  if (rollup.countRun && !rollups.seenRuns.has(runId)) {
    rollups.seenRuns.add(runId);
    rollups.allRuns += 1;
  }
}

function noRollups(): WorkspaceRollups {
  return { dayModels: new Map(), dayRuns: new Map(), seenRuns: new Set(), allRuns: 0 };
}

/** DynamoDB's `ADD` of each total to the sums, which start at zero. */
function add(sums: RollupSums | undefined, totals: ModelTotals): RollupSums {
  const sum = (field: "costUsd" | "inputTokens" | "outputTokens" | "calls" | "wastedCostUsd") =>
    sums ? plus(sums[field], decimalOf(totals[field] ?? 0)) : decimalOf(totals[field] ?? 0);
  return {
    model: totals.model,
    ...(totals.definitionId === undefined ? {} : { definitionId: totals.definitionId }),
    ...(totals.stepName === undefined ? {} : { stepName: totals.stepName }),
    costUsd: sum("costUsd"),
    inputTokens: sum("inputTokens"),
    outputTokens: sum("outputTokens"),
    calls: sum("calls"),
    wastedCostUsd: sum("wastedCostUsd"),
  };
}

/** The adapter's sort key after the day: `MODEL#<model>`, then `#STEP#<definition>#<step>` when named. */
function sortKey(sums: RollupSums): string {
  return sums.definitionId === undefined
    ? sums.model
    : `${sums.model}#STEP#${sums.definitionId}#${sums.stepName ?? ""}`;
}

function totalsOf(sums: RollupSums): ModelTotals {
  return {
    model: sums.model,
    costUsd: toNumber(sums.costUsd),
    inputTokens: toNumber(sums.inputTokens),
    outputTokens: toNumber(sums.outputTokens),
    calls: toNumber(sums.calls),
    wastedCostUsd: toNumber(sums.wastedCostUsd),
    ...(sums.definitionId === undefined ? {} : { definitionId: sums.definitionId }),
    ...(sums.stepName === undefined ? {} : { stepName: sums.stepName }),
  };
}
