import type { RunRecord } from "../domain/run-record";
import type { StepOutcome } from "../domain/step-outcome";
import type { RunBudgetState, WaitingCall } from "./budget-guard";

/** The budget the guard applies to one attempt, from the run item. */
export function budgetState(run: RunRecord): RunBudgetState {
  return {
    budget: run.budget,
    spent: run.llmSpend,
    raisedUsd: run.budgetRaised?.costUsd ?? 0,
    raisedTokens: run.budgetRaised?.tokens ?? 0,
    warned: run.budgetWarned === true,
  };
}

/**
 * onExceed pause: the run waits on an approval request of kind `budget` whose content is the call that
 * would cross the cap. Approving raises the cap (decide-approval.ts) and the step starts over.
 */
export function budgetApproval(call: WaitingCall): Extract<StepOutcome, { kind: "approval" }> {
  return {
    kind: "approval",
    approvalKind: "budget",
    contentKey: "budget",
    content: { ...call },
    prompt:
      `Approve more spend? ${call.model} may cost up to $${call.worstCaseUsd}; ` +
      `the run has spent $${call.spentUsd}${call.maxCostUsd === null ? "" : ` of $${call.maxCostUsd}`}.`,
    deadlineMs: null,
    nudges: [],
  };
}
