import { type AttemptCost, addToSums, callTotals, type DayModelTotals, dayOf } from "./cost-record";
import { RunStatus } from "./statuses";

/**
 * The run record as the exactly-once ledger of its model calls' cost (docs/data-model.md, "Rollups, and why"):
 * the commit that ends an attempt adds the attempt's calls to the run's unrolled sums, per UTC day, model,
 * definition and step; a later commit of the run carries them to the workspace's day rollups in the same
 * transaction that clears them. Both are the run's own conditional commit, so no call is counted twice.
 */
export interface CostLedger {
  /** When the oldest of these sums was added (ms): they are rolled up within ROLLUP_AGE_MS of it. */
  sinceMs: number;
  rows: DayModelTotals[];
}

/** The ledger's part of the run record, with the status that says whether the run stops. */
export interface RunCostLedger {
  /** Its committed attempts' calls not yet added to the workspace's cost rollups. Absent when none. */
  costLedger?: CostLedger;
  /** The latest UTC days its calls were rolled up on (their run-day markers written). Absent until the first. */
  costDays?: string[];
}

type LedgerRun = RunCostLedger & { status: RunStatus };

/** What a commit carries to the workspace's rollups, atomically with the run's unrolled sums cleared. */
export interface CostRollup {
  rows: DayModelTotals[];
  /** UTC days this run had calls on that its run-day markers do not list yet (the distinct-run counts). */
  newDays: string[];
  /** The run has never been counted in the all-time run count (a store counts it once, whoever asks). */
  countRun: boolean;
}

/** A running run's sums are rolled up by its first commit this long after the oldest of them was added. */
export const ROLLUP_AGE_MS = 60_000;
/** Rows a run's ledger holds before its next commit rolls them up: bounds the run record and its commit. */
export const LEDGER_ROWS_MAX = 25;
/**
 * Rows one commit rolls up at most: with the run, its markers and whatever else the change writes, its
 * commit stays far within the store's bounds even when a busy day's rollup kept the run's sums from being
 * rolled up for a while. The rest stay in the run for its next commit.
 */
export const ROLLUP_ROWS_MAX = 50;
/** Days of calls a run remembers as marked; an older one met again is marked again, which is harmless. */
const MARKED_DAYS_KEPT = 8;

/** Adds an attempt's calls to the run's unrolled sums. */
export function addToLedger(run: LedgerRun, cost: AttemptCost, nowMs: number): void {
  if (cost.calls.length === 0) return;
  const ledger = run.costLedger ?? { sinceMs: nowMs, rows: [] };
  const sums = new Map(ledger.rows.map(({ day, ...row }) => [rowKey(day, row), row]));
  const days = new Map(ledger.rows.map((row) => [rowKey(row.day, row), row.day]));
  for (const call of cost.calls) {
    const totals = callTotals(cost, call);
    const key = rowKey(dayOf(call.createdAt), totals);
    days.set(key, dayOf(call.createdAt));
    addToSums(sums, key, totals);
  }
  ledger.rows = [...sums].map(([key, row]) => ({ day: days.get(key) ?? "", ...row }));
  run.costLedger = ledger;
}

function rowKey(day: string, row: { model: string; definitionId?: string; stepName?: string }): string {
  return JSON.stringify([day, row.model, row.definitionId ?? null, row.stepName ?? null]);
}

/**
 * True when a commit leaving the run as it is should carry its unrolled sums: the run stops with it (no
 * worker commits again soon), they are a minute old, or they fill the ledger.
 */
export function rollupDue(run: LedgerRun, nowMs: number): boolean {
  const ledger = run.costLedger;
  if (!ledger) return false;
  return isStopped(run) || nowMs - ledger.sinceMs >= ROLLUP_AGE_MS || ledger.rows.length >= LEDGER_ROWS_MAX;
}

/** No worker commits the run again of its own accord soon: it waits, is paused, or has ended. */
export function isStopped(run: LedgerRun): boolean {
  return run.status !== RunStatus.Running && run.status !== RunStatus.Pending;
}

/**
 * Takes the run's unrolled sums out of it, as a commit that rolls them up writes it, and says how to put
 * them back should that commit have to go without its rollup (`restore`).
 */
export function takeRollup(run: LedgerRun): { rollup: CostRollup; restore: () => void } | undefined {
  const ledger = run.costLedger;
  if (!ledger) return undefined;
  const marked = run.costDays;
  const rows = ledger.rows.slice(0, ROLLUP_ROWS_MAX);
  const days = [...new Set(rows.map((row) => row.day))].sort();
  const newDays = days.filter((day) => !marked?.includes(day));
  const rollup = { rows, newDays, countRun: marked === undefined };
  const left = ledger.rows.slice(ROLLUP_ROWS_MAX);
  if (left.length > 0) run.costLedger = { ...ledger, rows: left };
  else delete run.costLedger;
  if (newDays.length > 0) run.costDays = [...(marked ?? []), ...newDays].sort().slice(-MARKED_DAYS_KEPT);
  return {
    rollup,
    restore: () => {
      run.costLedger = ledger;
      if (marked === undefined) delete run.costDays;
      else run.costDays = marked;
    },
  };
}

/** When a stopped run's unrolled sums are due to be rolled up by a ring of their own (the sweep's). */
export function ledgerDueAtMs(run: LedgerRun): number | undefined {
  return run.costLedger && isStopped(run) ? run.costLedger.sinceMs + ROLLUP_AGE_MS : undefined;
}
