import type { ProviderName } from "./llm-call";

/** One model call's usage and price (spec 2.8 `calls[]`), as recorded when the call answered. */
export interface CostCall {
  stepName: string;
  model: string;
  provider: ProviderName;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  createdAt: string;
  /**
   * Paid for and not used: a call of an attempt that failed (or paused for budget and starts over), or an
   * answer replaced by a later one (a repair, a fallback after a failed tool round). Absent when used.
   */
  wasted?: true;
}

/**
 * The cost records of one attempt of one llm step: one per call that answered (a tool loop makes several,
 * a fallback adds the other models'). Stored as one item in the run's partition, written by the commit that
 * ends the attempt, so one attempt is one extra action in that transaction whatever its number of calls.
 */
export interface AttemptCost {
  /** ULID: unique even when two workers ran the same attempt, and time-ordered within the run. */
  id: string;
  workspaceId: string;
  workflowRunId: string;
  /** The run's definition, for cost by definition and step; absent on records from before it was kept. */
  definitionId?: string;
  stepRunId: string;
  attempt: number;
  calls: CostCall[];
}

/** Sums in USD are rounded to a nano-dollar, the precision prices are computed at, so no float noise shows. */
export function roundUsd(value: number): number {
  return Math.round(value * 1e9) / 1e9;
}

/** The UTC day (yyyy-mm-dd) of an ISO timestamp: the unit of the daily rollups. */
export function dayOf(iso: string): string {
  return iso.slice(0, 10);
}

export interface ModelTotals {
  model: string;
  costUsd: number;
  inputTokens: number;
  outputTokens: number;
  calls: number;
  /** Part of costUsd paid for answers that were not used (CostCall.wasted). */
  wastedCostUsd?: number;
  /** The definition and step the calls were made for: on rollups written since records carry them. */
  definitionId?: string;
  stepName?: string;
}

/** A model's totals on one UTC day (yyyy-mm-dd). */
export interface DayModelTotals extends ModelTotals {
  day: string;
}

/** Adds `totals` to the running sum under `key`, which starts at zero; `totals` itself is not changed. */
export function addToSums(sums: Map<string, ModelTotals>, key: string, totals: ModelTotals): void {
  const sum = sums.get(key) ?? {
    ...totals,
    costUsd: 0,
    inputTokens: 0,
    outputTokens: 0,
    calls: 0,
    wastedCostUsd: 0,
  };
  sum.costUsd += totals.costUsd;
  sum.inputTokens += totals.inputTokens;
  sum.outputTokens += totals.outputTokens;
  sum.calls += totals.calls;
  sum.wastedCostUsd = (sum.wastedCostUsd ?? 0) + (totals.wastedCostUsd ?? 0);
  sums.set(key, sum);
}

/** One call as rollups count it: its model, definition and step, and its cost as used or wasted. */
export function callTotals(cost: AttemptCost, call: CostCall): ModelTotals {
  const { model, costUsd, inputTokens, outputTokens } = call;
  return {
    model,
    costUsd,
    inputTokens,
    outputTokens,
    calls: 1,
    wastedCostUsd: call.wasted ? costUsd : 0,
    ...(cost.definitionId === undefined ? {} : { definitionId: cost.definitionId }),
    stepName: call.stepName,
  };
}
