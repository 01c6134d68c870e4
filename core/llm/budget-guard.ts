import {
  DEFAULT_WARN_AT,
  type LlmSpend,
  NO_SPEND,
  promptTokens,
  type RunBudget,
  type WorkspaceBudget,
  type WorstCase,
  worstCase,
} from "../domain/budget";
import { roundUsd } from "../domain/cost-record";
import type { LlmMessage, LlmUsage, ToolSpec } from "../domain/llm-call";
import type { CallCost } from "../domain/pricing";
import type { WorkspaceBudgetStore } from "../ports/store";
import type { AttemptLog } from "./attempt-log";
import type { Candidate } from "./candidates";

/** The call about to be made, as the guard weighs it. */
export interface PendingCall {
  candidate: Candidate;
  system: string | undefined;
  messages: readonly LlmMessage[];
  tools: readonly ToolSpec[] | undefined;
  maxTokens: number | undefined;
}

export type Admission =
  /** `claim`: the worst case claimed from the workspace's monthly budget, settled after the call. */
  | { kind: "go"; candidate: Candidate; downgradedFrom?: string; claim?: LlmSpend }
  | { kind: "refused"; action: "stop" | "pause"; error: string; call: WaitingCall };

/** The call a budget stopped, as a budget approval request shows it. */
export interface WaitingCall {
  model: string;
  worstCaseUsd: number;
  worstCaseTokens: number;
  spentUsd: number;
  spentTokens: number;
  maxCostUsd: number | null;
  maxTokens: number | null;
}

export interface RunBudgetState {
  budget: RunBudget | undefined;
  /** Paid by the run's committed attempts. */
  spent: LlmSpend | undefined;
  /** Raised by approvals of more spend. */
  raisedUsd: number;
  raisedTokens: number;
  warned: boolean;
}

/** The workspace's monthly budget, when it has one, and the ledger of the month the attempt runs in. */
export interface WorkspaceBudgetAccess {
  workspaceId: string;
  budget: WorkspaceBudget;
  month: string;
  store: Pick<WorkspaceBudgetStore, "claim" | "settle" | "markWarned" | "ledger">;
}

/**
 * The budgets, applied before every call of one attempt (docs/llm.md, "Budgets"). The run's: its committed
 * spend plus this attempt's calls so far plus the call's worst case must stay within its caps. The
 * workspace's: the call's worst case is claimed from the month's ledger, atomically, and settled after the
 * call. Crossing `warnAt` is announced once. Without budgets every call goes.
 */
export class BudgetGuard {
  private warned: boolean;

  constructor(
    private readonly state: RunBudgetState,
    private readonly log: AttemptLog,
    private readonly price: (model: string, usage: LlmUsage) => CallCost,
    private readonly resolve: (model: string) => Candidate | undefined,
    private readonly workspace: WorkspaceBudgetAccess | undefined,
  ) {
    this.warned = state.warned;
  }

  async admit(call: PendingCall): Promise<Admission> {
    const inputTokens = promptTokens({ system: call.system, messages: call.messages, tools: call.tools });
    const ruled = this.admitForRun(call, inputTokens);
    if (ruled.kind === "refused" || !this.workspace) return ruled;
    const { budget, month, workspaceId, store } = this.workspace;
    const claim = worstCase(ruled.candidate.model, inputTokens, call.maxTokens, this.price);
    const caps = { costUsd: budget.maxCostUsd ?? null, tokens: budget.maxTokens ?? null };
    const amount = { costUsd: claim.costUsd, tokens: claim.tokens };
    if (await store.claim(workspaceId, month, amount, caps)) return { ...ruled, claim: amount };
    const spent = (await store.ledger(workspaceId, month))?.claimed ?? { costUsd: 0, tokens: 0 };
    const waiting: WaitingCall = {
      model: ruled.candidate.model,
      worstCaseUsd: claim.costUsd,
      worstCaseTokens: claim.tokens,
      spentUsd: spent.costUsd,
      spentTokens: spent.tokens,
      maxCostUsd: caps.costUsd,
      maxTokens: caps.tokens,
    };
    const { model, ...figures } = waiting;
    this.log.event("BUDGET_EXCEEDED", { scope: "workspace", model, ...figures, action: "stop" });
    const error =
      `BUDGET_EXCEEDED: ${model} may cost up to $${claim.costUsd} and ${claim.tokens} tokens; ` +
      `the workspace has claimed $${spent.costUsd} and ${spent.tokens} tokens of its monthly ${describeCaps(waiting)}`;
    return { kind: "refused", action: "stop", error, call: waiting };
  }

  /**
   * After each call, answered or not: a workspace claim is replaced by what the call cost, and a cap whose
   * warnAt the spend reached is announced (the run's once per run, the workspace's once a month).
   */
  async settle(admission: Extract<Admission, { kind: "go" }>, actual: LlmSpend): Promise<void> {
    if (admission.claim && this.workspace) {
      const { budget, month, workspaceId, store } = this.workspace;
      const spent = await store.settle(workspaceId, month, admission.claim, actual);
      const caps = { costUsd: budget.maxCostUsd ?? null, tokens: budget.maxTokens ?? null };
      const warnAt = budget.warnAt ?? DEFAULT_WARN_AT;
      if (reaches(spent, caps, warnAt) && (await store.markWarned(workspaceId, month))) {
        this.log.event("BUDGET_WARNING", {
          scope: "workspace",
          spentUsd: spent.costUsd,
          spentTokens: spent.tokens,
          maxCostUsd: caps.costUsd,
          maxTokens: caps.tokens,
          warnAt,
        });
      }
    }
    this.noteRunSpend();
  }

  private admitForRun(call: PendingCall, inputTokens: number): Admission {
    const budget = this.state.budget;
    if (!budget) return { kind: "go", candidate: call.candidate };
    const worst = worstCase(call.candidate.model, inputTokens, call.maxTokens, this.price);
    if (this.fits(worst)) return { kind: "go", candidate: call.candidate };

    const downgrade = budget.onExceed === "downgrade" ? this.downgrade(call, inputTokens) : undefined;
    const action = downgrade ? "downgrade" : budget.onExceed === "pause" ? "pause" : "stop";
    const waiting = this.waitingCall(call.candidate.model, worst);
    const { model, ...figures } = waiting;
    this.log.event("BUDGET_EXCEEDED", {
      scope: "run",
      model,
      ...figures,
      action,
      ...(downgrade ? { downgradeModel: downgrade.model } : {}),
    });
    if (downgrade) return { kind: "go", candidate: downgrade, downgradedFrom: call.candidate.model };
    const error =
      `BUDGET_EXCEEDED: ${model} may cost up to $${worst.costUsd} and ${worst.tokens} tokens; ` +
      `the run has spent $${waiting.spentUsd} and ${waiting.spentTokens} tokens of ${describeCaps(waiting)}`;
    return { kind: "refused", action: action === "pause" ? "pause" : "stop", error, call: waiting };
  }

  /** BUDGET_WARNING once the run's spend reaches warnAt of one of its caps. */
  private noteRunSpend(): void {
    const budget = this.state.budget;
    if (!budget || this.warned) return;
    const spent = this.spent();
    const warnAt = budget.warnAt ?? DEFAULT_WARN_AT;
    const costCap = this.costCap();
    const tokenCap = this.tokenCap();
    if (!reaches(spent, { costUsd: costCap, tokens: tokenCap }, warnAt)) return;
    this.warned = true;
    this.log.event("BUDGET_WARNING", {
      scope: "run",
      spentUsd: spent.costUsd,
      spentTokens: spent.tokens,
      maxCostUsd: costCap,
      maxTokens: tokenCap,
      warnAt,
    });
  }

  private downgrade(call: PendingCall, inputTokens: number): Candidate | undefined {
    const model = this.state.budget?.downgradeModel;
    if (model === undefined || model === call.candidate.model) return undefined;
    const candidate = this.resolve(model);
    if (!candidate) return undefined;
    return this.fits(worstCase(model, inputTokens, call.maxTokens, this.price)) ? candidate : undefined;
  }

  private fits(worst: WorstCase): boolean {
    const spent = this.spent();
    const costCap = this.costCap();
    const tokenCap = this.tokenCap();
    return (
      (costCap === null || spent.costUsd + worst.costUsd <= costCap) &&
      (tokenCap === null || spent.tokens + worst.tokens <= tokenCap)
    );
  }

  private spent(): LlmSpend {
    const committed = this.state.spent ?? NO_SPEND;
    const attempt = this.log.totals();
    return {
      costUsd: roundUsd(committed.costUsd + attempt.costUsd),
      tokens: committed.tokens + attempt.inputTokens + attempt.outputTokens,
    };
  }

  private costCap(): number | null {
    const cap = this.state.budget?.maxCostUsd;
    return cap === undefined ? null : roundUsd(cap + this.state.raisedUsd);
  }

  private tokenCap(): number | null {
    const cap = this.state.budget?.maxTokens;
    return cap === undefined ? null : cap + this.state.raisedTokens;
  }

  private waitingCall(model: string, worst: WorstCase): WaitingCall {
    const spent = this.spent();
    return {
      model,
      worstCaseUsd: worst.costUsd,
      worstCaseTokens: worst.tokens,
      spentUsd: spent.costUsd,
      spentTokens: spent.tokens,
      maxCostUsd: this.costCap(),
      maxTokens: this.tokenCap(),
    };
  }
}

function reaches(spent: LlmSpend, caps: { costUsd: number | null; tokens: number | null }, warnAt: number) {
  return (
    (caps.costUsd !== null && spent.costUsd >= warnAt * caps.costUsd) ||
    (caps.tokens !== null && spent.tokens >= warnAt * caps.tokens)
  );
}

function describeCaps(call: WaitingCall): string {
  const parts = [
    ...(call.maxCostUsd === null ? [] : [`$${call.maxCostUsd}`]),
    ...(call.maxTokens === null ? [] : [`${call.maxTokens} tokens`]),
  ];
  return `its budget (${parts.join(", ")})`;
}
