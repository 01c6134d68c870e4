import { addToSums, callTotals, dayOf, type ModelTotals, recordDays, roundUsd } from "../domain/cost-record";
import { NotFoundError } from "../domain/errors";
import { LIMITS } from "../domain/limits";
import type { RunRecord } from "../domain/run-record";
import { isoAt } from "../domain/time";
import type { Deps } from "../ports/deps";
import { rollUpPendingCosts } from "./rollup";

type SummaryDeps = Pick<Deps, "store" | "clock" | "log" | "random">;

type Totals = Omit<ModelTotals, "model" | "definitionId" | "stepName"> & { wastedCostUsd: number };

export interface CostSummary {
  workspaceId: string;
  from: string;
  to: string;
  totalCostUsd: number;
  totalInputTokens: number;
  totalOutputTokens: number;
  totalRuns: number;
  /** Part of totalCostUsd paid for answers that were not used (failed attempts, repairs, failed fallbacks). */
  wastedCostUsd: number;
  /** The spec's rows exactly: the wasted part is in the total and the other breakdowns. */
  byModel: ModelTotals[];
  /** Calls recorded before definitions were kept on cost records count under definitionId null. */
  byDefinition: (Totals & { definitionId: string | null })[];
  byStep: (Totals & { definitionId: string | null; stepName: string })[];
}

const DAY_MS = 86_400_000;
const EPOCH = isoAt(0);

/** Which days of `fromMs`..`toMs` (inclusive) are whole (read from rollups) and which partial (from records). */
export interface DayPlan {
  whole?: { from: string; to: string };
  edges: string[];
}

export function planDays(fromMs: number, toMs: number): DayPlan {
  if (fromMs > toMs) return { edges: [] };
  const startOf = (ms: number) => ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
  const firstStart = startOf(fromMs);
  const lastStart = startOf(toMs);
  const startsAtMidnight = fromMs === firstStart;
  const endsAtMidnight = toMs === lastStart + DAY_MS - 1;
  if (firstStart === lastStart) {
    const only = day(firstStart);
    return startsAtMidnight && endsAtMidnight
      ? { whole: { from: only, to: only }, edges: [] }
      : { edges: [only] };
  }
  const edges: string[] = [];
  if (!startsAtMidnight) edges.push(day(firstStart));
  if (!endsAtMidnight) edges.push(day(lastStart));
  const wholeFrom = startsAtMidnight ? firstStart : firstStart + DAY_MS;
  const wholeTo = endsAtMidnight ? lastStart : lastStart - DAY_MS;
  return wholeFrom <= wholeTo ? { whole: { from: day(wholeFrom), to: day(wholeTo) }, edges } : { edges };
}

/**
 * GET /v1/cost/summary (spec 4.6). Whole days come from the daily rollups (days × models items, plus a
 * marker per run and day for the distinct-run count); partial days at the edges of the range from the
 * cost records of those days. With no range at all, the all-time rollups answer. Records still pending
 * are rolled up first, so the answer counts every record committed before the request.
 */
export async function costSummary(
  deps: SummaryDeps,
  workspaceId: string,
  range: { from?: string | undefined; to?: string | undefined },
): Promise<CostSummary> {
  await rollUpPendingCosts(deps, workspaceId);
  const fromMs = range.from === undefined ? 0 : Date.parse(range.from);
  const toMs = range.to === undefined ? deps.clock.nowMs() : Date.parse(range.to);
  const bounds = { from: isoAt(fromMs), to: isoAt(toMs) };
  if (range.from === undefined && range.to === undefined) {
    const all = await deps.store.costRollups.allTime(workspaceId);
    return summarise(workspaceId, { from: EPOCH, to: bounds.to }, all.models, all.totalRuns);
  }
  const plan = planDays(fromMs, toMs);
  const models: ModelTotals[] = [];
  const runIds = new Set<string>();
  if (plan.whole) {
    const days = await deps.store.costRollups.days(workspaceId, plan.whole.from, plan.whole.to);
    models.push(...days.models);
    for (const runId of days.runIds) runIds.add(runId);
  }
  if (plan.edges.length > 0) {
    // A record is listed under the day its attempt started (or, older ones, first called); its later calls may
    // fall on the next day.
    const listedDays = plan.edges.flatMap((edge) => [day(Date.parse(edge) - DAY_MS), edge]);
    for (const cost of await deps.store.costs.onDays(workspaceId, listedDays)) {
      for (const call of cost.calls) {
        const at = Date.parse(call.createdAt);
        if (!plan.edges.includes(dayOf(call.createdAt)) || at < fromMs || at > toMs) continue;
        models.push(callTotals(cost, call));
        runIds.add(cost.workflowRunId);
      }
    }
  }
  return summarise(workspaceId, bounds, models, runIds.size);
}

function summarise(
  workspaceId: string,
  bounds: { from: string; to: string },
  rollups: readonly ModelTotals[],
  totalRuns: number,
): CostSummary {
  const models = fold(
    rollups,
    (row) => [row.model],
    (row) => ({ model: row.model }),
  );
  const byModel = models.map(({ wastedCostUsd: _, ...row }) => row);
  return {
    workspaceId,
    ...bounds,
    totalCostUsd: roundUsd(byModel.reduce((sum, row) => sum + row.costUsd, 0)),
    totalInputTokens: byModel.reduce((sum, row) => sum + row.inputTokens, 0),
    totalOutputTokens: byModel.reduce((sum, row) => sum + row.outputTokens, 0),
    totalRuns,
    wastedCostUsd: roundUsd(models.reduce((sum, row) => sum + row.wastedCostUsd, 0)),
    byModel,
    byDefinition: fold(
      rollups,
      (row) => [row.definitionId ?? null],
      (row) => ({ definitionId: row.definitionId ?? null }),
    ),
    byStep: fold(
      rollups,
      (row) => [row.definitionId ?? null, row.stepName ?? ""],
      (row) => ({ definitionId: row.definitionId ?? null, stepName: row.stepName ?? "" }),
    ),
  };
}

/** Rollups summed per group, costliest first (ties by the group's key), sums rounded to a nano-dollar. */
function fold<G extends object>(
  rollups: readonly ModelTotals[],
  keyOf: (row: ModelTotals) => unknown[],
  groupOf: (row: ModelTotals) => G,
): (G & Totals)[] {
  const sums = new Map<string, ModelTotals>();
  const groups = new Map<string, G>();
  for (const row of rollups) {
    const key = JSON.stringify(keyOf(row));
    addToSums(sums, key, row);
    if (!groups.has(key)) groups.set(key, groupOf(row));
  }
  return [...sums]
    .map(([key, sum]) => ({
      ...(groups.get(key) as G),
      costUsd: roundUsd(sum.costUsd),
      inputTokens: sum.inputTokens,
      outputTokens: sum.outputTokens,
      calls: sum.calls,
      wastedCostUsd: roundUsd(sum.wastedCostUsd ?? 0),
      key,
    }))
    .sort((a, b) => b.costUsd - a.costUsd || a.key.localeCompare(b.key))
    .map(({ key: _, ...row }) => row as G & Totals);
}

/**
 * GET /v1/workflow-runs/:id/cost (spec 2.8): every call of the run, oldest first, and their totals. With
 * `breakdown`, also the wasted part and the cost per step (docs/costs.md); without, exactly the spec's shape.
 */
export async function runCost(
  deps: Pick<Deps, "store">,
  workspaceId: string,
  runId: string,
  options: { breakdown?: boolean } = {},
) {
  const run = await deps.store.runs.get(workspaceId, runId);
  if (!run) throw new NotFoundError("Workflow run");
  const records = (
    await Promise.all(
      [run, ...(await descendants(deps, workspaceId, runId))].map((each) =>
        deps.store.costs.forRun(workspaceId, each.id, recordDays(each)),
      ),
    )
  ).flat();
  const calls = records
    .flatMap((cost) => cost.calls.map((call) => ({ ...call, workflowRunId: cost.workflowRunId })))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map(({ stepName, model, inputTokens, outputTokens, costUsd, createdAt, workflowRunId }) => ({
      stepName,
      model,
      inputTokens,
      outputTokens,
      costUsd,
      createdAt,
      // A child run's call (docs/flow.md) says whose it is; the run's own calls keep the spec's fields.
      ...(workflowRunId === runId ? {} : { workflowRunId }),
    }));
  const totals = {
    workflowRunId: run.id,
    totalCostUsd: roundUsd(calls.reduce((sum, call) => sum + call.costUsd, 0)),
    totalInputTokens: calls.reduce((sum, call) => sum + call.inputTokens, 0),
    totalOutputTokens: calls.reduce((sum, call) => sum + call.outputTokens, 0),
  };
  if (!options.breakdown) return { ...totals, calls };
  const rows = records.flatMap((cost) => cost.calls.map((call) => callTotals(cost, call)));
  const byStep = fold(
    rows,
    (row) => [row.stepName ?? ""],
    (row) => ({ stepName: row.stepName ?? "" }),
  );
  return {
    ...totals,
    wastedCostUsd: roundUsd(byStep.reduce((sum, row) => sum + row.wastedCostUsd, 0)),
    byStep,
    calls,
  };
}

/**
 * The run's child runs, theirs, and so on (docs/flow.md, "Child runs"): their calls roll up into the run's
 * cost. At most LIMITS.stepsPerRun of them: every child executes a step, and the run's step limit counts
 * its children's steps, so a run cannot have more.
 */
async function descendants(deps: Pick<Deps, "store">, workspaceId: string, runId: string) {
  const found: RunRecord[] = [];
  const queue = [runId];
  for (let parent = queue.shift(); parent !== undefined; parent = queue.shift()) {
    for (let page = 1; found.length < LIMITS.stepsPerRun; page++) {
      const { items } = await deps.store.runs.list(workspaceId, { parentRunId: parent }, page, CHILD_PAGE);
      found.push(...items);
      queue.push(...items.map((child) => child.id));
      if (items.length < CHILD_PAGE) break;
    }
  }
  return found.slice(0, LIMITS.stepsPerRun);
}

const CHILD_PAGE = 100;

function day(ms: number): string {
  return isoAt(ms).slice(0, 10);
}
