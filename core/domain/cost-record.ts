import type { ProviderName } from "./llm-call";
import type { StepRun } from "./run";
import type { RunCursor } from "./run-cursor";
import { isoAt } from "./time";

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
 * a fallback adds the other models'). Stored as one item, put before the commit that ends the attempt, so
 * calls paid for stay recorded whether that commit wins or loses (docs/data-model.md, "Cost records").
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
  /**
   * When this execution of the attempt started: the lease its claim granted, a commit of the run made before
   * any of its calls, so the run's creation and latest change bound it (`recordDays`). A record that has it is
   * kept under that UTC day (docs/data-model.md, "Cost records"); one without (a replay's, or from before records
   * had it) is kept in its run's partition.
   */
  startedAt?: string;
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

/**
 * The UTC day a record is listed under: its attempt's start (the day it is kept under), else, for a replay's
 * record or one from before records had a start, its first call (the day its index entry lists it under).
 */
export function listedDay(cost: AttemptCost): string {
  return dayOf(cost.startedAt ?? cost.calls[0]?.createdAt ?? new Date(0).toISOString());
}

const DAY_MS = 86_400_000;
/**
 * How far apart two workers' clocks may be: a start stamped by one may precede the run's creation stamped by
 * another, or follow a later commit's stamp, by this much.
 */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The UTC days a run's cost records can be kept under (AttemptCost.startedAt): an attempt starts with a commit
 * of the run, so between its creation and its latest change, give or take the clocks' skew. One day for most
 * runs, two for one that crossed midnight; a run that lived N days has N.
 */
export function recordDays(run: { createdAt: string; updatedAt: string }): string[] {
  const days: string[] = [];
  const last = dayOf(new Date(Date.parse(run.updatedAt) + CLOCK_SKEW_MS).toISOString());
  for (let ms = Date.parse(run.createdAt) - CLOCK_SKEW_MS; ; ms += DAY_MS) {
    const day = dayOf(new Date(ms).toISOString());
    if (day > last) break;
    days.push(day);
  }
  return days;
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

/**
 * When this execution of the attempt started (`AttemptCost.startedAt`): the lease its claim committed (a
 * take-over grants a new one), else the step run's start. Either is a commit of the run made before any of
 * the attempt's calls.
 */
export function executionStart(run: Pick<RunCursor, "active">, stepRun: StepRun): { startedAt?: string } {
  const grantedAtMs = run.active?.lease?.grantedAtMs;
  if (grantedAtMs !== undefined) return { startedAt: isoAt(grantedAtMs) };
  return stepRun.startedAt === null ? {} : { startedAt: stepRun.startedAt };
}
