import type { AttemptCost, DayModelTotals, ModelTotals } from "../../domain/cost-record";

export type RollupResult = "rolled-up" | "already" | "conflict";

export interface CostStore {
  /** Records costs outside a run's change (a change records its own: RunChange.cost); a repeat keeps the first. */
  put(cost: AttemptCost): Promise<void>;
  /** Every cost record of a run, oldest attempt first. */
  /** Every cost record of a run kept in its partition or under one of `days` (domain/cost-record.ts recordDays). */
  forRun(workspaceId: string, runId: string, days: readonly string[]): Promise<AttemptCost[]>;
  /** Cost records not yet rolled up (normally none: each is rolled up right after its commit). */
  pending(workspaceId: string, limit: number): Promise<AttemptCost[]>;
  /**
   * Cost records listed under one of `days`: the day their attempt started, or (records without a start) the day
   * of their first call. Calls of a record may run past midnight. Per day in `days`' order, oldest first.
   */
  onDays(workspaceId: string, days: readonly string[]): Promise<AttemptCost[]>;
}

export interface CostRollupStore {
  /**
   * Marks the run as having calls on each day of the record's calls, and counts it once all-time. With
   * `onlyOnNewDay`, a record whose day markers were all there already leaves the all-time count alone: whoever
   * wrote a marker counts the run right after (and, dying first, stays pending for a full markRun).
   */
  markRun(cost: AttemptCost, options?: { onlyOnNewDay?: boolean }): Promise<RollupResult>;
  /** Adds the record's calls to the day/model and all-time rollups, once whoever tries. */
  rollUp(cost: AttemptCost, now: string): Promise<RollupResult>;
  days(
    workspaceId: string,
    fromDay: string,
    toDay: string,
  ): Promise<{ models: ModelTotals[]; runIds: string[] }>;
  dayModels(workspaceId: string, fromDay: string, toDay: string): Promise<DayModelTotals[]>;
  allTime(workspaceId: string): Promise<{ models: ModelTotals[]; totalRuns: number }>;
}
