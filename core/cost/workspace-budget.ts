import { type LlmSpend, monthOf, type WorkspaceBudget } from "../domain/budget";
import { roundUsd } from "../domain/cost-record";
import type { Deps } from "../ports/deps";
import { rollUpPendingCosts } from "./rollup";

type BudgetDeps = Pick<Deps, "store" | "clock" | "log" | "random">;

export interface WorkspaceBudgetView {
  budget: WorkspaceBudget | null;
  /** The calendar month (UTC, yyyy-mm) the figures are for. */
  month: string;
  /** What the month's calls cost, from the cost records (every call, with or without a budget). */
  spentUsd: number;
  spentTokens: number;
  /** Worst cases claimed by calls under way, or by calls whose worker died before settling them. */
  reservedUsd: number;
  reservedTokens: number;
}

/** GET /v1/budgets: the budget and the month so far. */
export async function readWorkspaceBudget(
  deps: BudgetDeps,
  workspaceId: string,
): Promise<WorkspaceBudgetView> {
  const month = monthOf(deps.clock.nowMs());
  const [budget, spent, ledger] = await Promise.all([
    deps.store.workspaceBudgets.get(workspaceId),
    monthSpend(deps, workspaceId, month),
    deps.store.workspaceBudgets.ledger(workspaceId, month),
  ]);
  const reserved = ledger
    ? {
        costUsd: roundUsd(Math.max(0, ledger.claimed.costUsd - ledger.spent.costUsd)),
        tokens: Math.max(0, ledger.claimed.tokens - ledger.spent.tokens),
      }
    : { costUsd: 0, tokens: 0 };
  return {
    budget: budget ?? null,
    month,
    spentUsd: spent.costUsd,
    spentTokens: spent.tokens,
    reservedUsd: budget ? reserved.costUsd : 0,
    reservedTokens: budget ? reserved.tokens : 0,
  };
}

/** PUT /v1/budgets: a budget set mid-month starts its ledger from what the month has spent so far. */
export async function setWorkspaceBudget(
  deps: BudgetDeps,
  workspaceId: string,
  budget: WorkspaceBudget,
): Promise<WorkspaceBudgetView> {
  const month = monthOf(deps.clock.nowMs());
  await deps.store.workspaceBudgets.put(
    workspaceId,
    budget,
    month,
    await monthSpend(deps, workspaceId, month),
  );
  return readWorkspaceBudget(deps, workspaceId);
}

export async function removeWorkspaceBudget(deps: BudgetDeps, workspaceId: string): Promise<void> {
  await deps.store.workspaceBudgets.remove(workspaceId);
}

/** The month's spend from the daily rollups (at most 31 day items per model), pending records first. */
async function monthSpend(deps: BudgetDeps, workspaceId: string, month: string): Promise<LlmSpend> {
  await rollUpPendingCosts(deps, workspaceId);
  const days = await deps.store.costRollups.dayModels(workspaceId, `${month}-01`, `${month}-31`);
  let costUsd = 0;
  let tokens = 0;
  for (const day of days) {
    costUsd += day.costUsd;
    tokens += day.inputTokens + day.outputTokens;
  }
  return { costUsd: roundUsd(costUsd), tokens };
}
