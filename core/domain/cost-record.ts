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
}

/** A model's totals on one UTC day (yyyy-mm-dd). */
export interface DayModelTotals extends ModelTotals {
  day: string;
}

/** Adds `totals` to the running sum under `key`, which starts at zero; `totals` itself is not changed. */
export function addToSums(sums: Map<string, ModelTotals>, key: string, totals: ModelTotals): void {
  const sum = sums.get(key) ?? { model: totals.model, costUsd: 0, inputTokens: 0, outputTokens: 0, calls: 0 };
  sum.costUsd += totals.costUsd;
  sum.inputTokens += totals.inputTokens;
  sum.outputTokens += totals.outputTokens;
  sum.calls += totals.calls;
  sums.set(key, sum);
}
