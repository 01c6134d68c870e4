import {
  DEFAULT_WARN_AT,
  type LlmSpend,
  NO_SPEND,
  promptTokens,
  type RunBudget,
  type WorstCase,
  worstCase,
} from "../domain/budget";
import { roundUsd } from "../domain/cost-record";
import type { LlmMessage, LlmUsage, ToolSpec } from "../domain/llm-call";
import type { CallCost } from "../domain/pricing";
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
  | { kind: "go"; candidate: Candidate; downgradedFrom?: string }
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

/**
 * A run's budget, applied before every call of one attempt (docs/llm.md, "Budgets"): the run's committed
 * spend plus this attempt's calls so far plus the call's worst case must stay within the caps; crossing
 * `warnAt` is announced once. Without a budget every call goes.
 */
export class BudgetGuard {
  private warned: boolean;

  constructor(
    private readonly state: RunBudgetState,
    private readonly log: AttemptLog,
    private readonly price: (model: string, usage: LlmUsage) => CallCost,
    private readonly resolve: (model: string) => Candidate | undefined,
  ) {
    this.warned = state.warned;
  }

  admit(call: PendingCall): Admission {
    const budget = this.state.budget;
    if (!budget) return { kind: "go", candidate: call.candidate };
    const inputTokens = promptTokens({ system: call.system, messages: call.messages, tools: call.tools });
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
      `the run has spent $${waiting.spentUsd} and ${waiting.spentTokens} tokens of ${caps(waiting)}`;
    return { kind: "refused", action: action === "pause" ? "pause" : "stop", error, call: waiting };
  }

  /** After each answered call: BUDGET_WARNING once the spend reaches warnAt of a cap. */
  noteSpend(): void {
    const budget = this.state.budget;
    if (!budget || this.warned) return;
    const spent = this.spent();
    const warnAt = budget.warnAt ?? DEFAULT_WARN_AT;
    const costCap = this.costCap();
    const tokenCap = this.tokenCap();
    const reached =
      (costCap !== null && spent.costUsd >= warnAt * costCap) ||
      (tokenCap !== null && spent.tokens >= warnAt * tokenCap);
    if (!reached) return;
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

function caps(call: WaitingCall): string {
  const parts = [
    ...(call.maxCostUsd === null ? [] : [`$${call.maxCostUsd}`]),
    ...(call.maxTokens === null ? [] : [`${call.maxTokens} tokens`]),
  ];
  return `its budget (${parts.join(", ")})`;
}
