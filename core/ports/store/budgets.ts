import type { LlmSpend, WorkspaceBudget } from "../../domain/budget";

/** A month's ledger of a workspace budget: what calls claimed before they ran, and what they cost. */
export interface MonthLedger {
  /** Settled spend of the calls made since the budget was set (seeded then with the month so far). */
  spent: LlmSpend;
  /** Spent plus the worst cases of calls under way (or lost with a crashed worker). */
  claimed: LlmSpend;
}

export interface WorkspaceBudgetStore {
  get(workspaceId: string): Promise<WorkspaceBudget | undefined>;
  /**
   * Sets the budget. The month's ledger is created with `seed` (the month's spend so far) when it does not
   * exist yet, so a budget set mid-month counts what was spent before it.
   */
  put(workspaceId: string, budget: WorkspaceBudget, month: string, seed: LlmSpend): Promise<void>;
  remove(workspaceId: string): Promise<void>;
  /**
   * Claims a call's worst case against the month's caps, atomically: false, and nothing claimed, when the
   * claims so far plus this one would cross a cap. A null cap is no limit.
   */
  claim(
    workspaceId: string,
    month: string,
    amount: LlmSpend,
    caps: { costUsd: number | null; tokens: number | null },
  ): Promise<boolean>;
  /** Replaces a claim by what the call cost; returns the month's settled spend after it. */
  settle(workspaceId: string, month: string, claimed: LlmSpend, actual: LlmSpend): Promise<LlmSpend>;
  /** Marks the month's warning as sent: true for the one caller that marked it. */
  markWarned(workspaceId: string, month: string): Promise<boolean>;
  ledger(workspaceId: string, month: string): Promise<MonthLedger | undefined>;
}
