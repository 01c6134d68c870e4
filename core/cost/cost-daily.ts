import { addToSums, type ModelTotals, roundUsd } from "../domain/cost-record";
import { ValidationError } from "../domain/errors";
import { isoAt } from "../domain/time";
import type { Deps } from "../ports/deps";
import { rollUpPendingCosts } from "./rollup";

/** The longest range one daily request may cover, in days (a leap year). */
export const MAX_DAILY_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;

export interface DailyCost {
  from: string;
  to: string;
  days: { date: string; totalCostUsd: number; byModel: ModelTotals[] }[];
}

/**
 * GET /v1/cost/daily: the spend of each UTC day `from`..`to` (inclusive dates), per model, read from the
 * daily rollups alone (one range query). Every day of the range is listed, in order, a day without calls
 * with 0 and no models, so a chart needs no gap filling. Pending records are rolled up first, as for the
 * summary.
 * @throws ValidationError when `from` is after `to` or the range is longer than 366 days.
 */
export async function dailyCost(
  deps: Pick<Deps, "store" | "clock" | "log" | "random">,
  workspaceId: string,
  range: { from: string; to: string },
): Promise<DailyCost> {
  const fromMs = Date.parse(`${range.from}T00:00:00.000Z`);
  const toMs = Date.parse(`${range.to}T00:00:00.000Z`);
  if (Number.isNaN(fromMs)) throw rangeError("from", "must be a date (YYYY-MM-DD)");
  if (Number.isNaN(toMs)) throw rangeError("to", "must be a date (YYYY-MM-DD)");
  if (fromMs > toMs) throw rangeError("from", "must not be after to");
  if ((toMs - fromMs) / DAY_MS + 1 > MAX_DAILY_RANGE_DAYS) {
    throw rangeError("to", `the range may cover at most ${MAX_DAILY_RANGE_DAYS} days`);
  }

  await rollUpPendingCosts(deps, workspaceId);
  // A day has one rollup item per model, definition and step: folded here per model.
  const byDay = new Map<string, Map<string, ModelTotals>>();
  for (const { day, ...totals } of await deps.store.costRollups.dayModels(
    workspaceId,
    range.from,
    range.to,
  )) {
    const models = byDay.get(day) ?? new Map<string, ModelTotals>();
    addToSums(models, totals.model, totals);
    byDay.set(day, models);
  }
  const days: DailyCost["days"] = [];
  for (let ms = fromMs; ms <= toMs; ms += DAY_MS) {
    const date = isoAt(ms).slice(0, 10);
    const byModel = [...(byDay.get(date)?.values() ?? [])]
      .map(({ model, costUsd, inputTokens, outputTokens, calls }) => ({
        model,
        costUsd: roundUsd(costUsd),
        inputTokens,
        outputTokens,
        calls,
      }))
      .sort((a, b) => b.costUsd - a.costUsd || a.model.localeCompare(b.model));
    const totalCostUsd = roundUsd(byModel.reduce((sum, row) => sum + row.costUsd, 0));
    days.push({ date, totalCostUsd, byModel });
  }
  return { from: range.from, to: range.to, days };
}

function rangeError(path: string, message: string): ValidationError {
  return new ValidationError(`Query is invalid: ${path}: ${message}`, {
    details: { issues: [{ path, message }] },
  });
}
