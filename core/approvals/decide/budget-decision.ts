import type { ApprovalRequest } from "../../domain/approval";
import { ValidationError } from "../../domain/errors";
import type { RunTransition } from "../../domain/run-change";
import { RunStatus, StepRunStatus } from "../../domain/statuses";
import type { StepDefinition } from "../../domain/step";
import { StepFailureCode } from "../../domain/step-error";
import { failAttempt } from "../../engine/rules/apply-outcome";

/**
 * The decision on a request for more spend (onExceed pause, docs/llm.md). Approved: the caps rise by what
 * the waiting call lacked; edited: by `{extraCostUsd, extraTokens}`; either way the llm step starts over,
 * running with no lease, so the worker the decision's doorbell wakes takes it. Rejected: the step fails
 * for good with BUDGET_EXCEEDED.
 */
export function applyBudgetDecision(
  tx: RunTransition,
  steps: readonly StepDefinition[],
  approval: ApprovalRequest,
  decision: ApprovalRequest["decision"],
  editedContent: Record<string, unknown> | undefined,
): void {
  const active = tx.requireActive();
  const step = steps[active.stepIndex];
  if (!step) throw new Error(`run ${tx.run.id}: no step at index ${active.stepIndex}`);
  if (decision === "rejected") {
    const error = "BUDGET_EXCEEDED: more spend was refused";
    failAttempt(tx, step, error, false, active.stepRun.input, StepFailureCode.BUDGET_EXCEEDED);
    return;
  }
  const raise = decision === "edited" ? requestedRaise(editedContent) : shortfall(approval.content);
  const raised = tx.run.budgetRaised ?? { costUsd: 0, tokens: 0 };
  tx.run.budgetRaised = {
    costUsd: Math.round((raised.costUsd + raise.costUsd) * 1e9) / 1e9,
    tokens: raised.tokens + raise.tokens,
  };
  tx.setStepStatus(StepRunStatus.Running, {});
  active.wait = null;
  active.lease = null;
  tx.setRunStatus(RunStatus.Running);
}

function requestedRaise(content: Record<string, unknown> | undefined): { costUsd: number; tokens: number } {
  const costUsd = content?.extraCostUsd ?? 0;
  const tokens = content?.extraTokens ?? 0;
  const valid =
    typeof costUsd === "number" &&
    costUsd >= 0 &&
    Number.isInteger(tokens) &&
    typeof tokens === "number" &&
    tokens >= 0 &&
    costUsd + tokens > 0 &&
    Object.keys(content ?? {}).every((key) => key === "extraCostUsd" || key === "extraTokens");
  if (!valid) {
    throw new ValidationError("A budget request is edited with {extraCostUsd, extraTokens}", {
      details: {
        issues: [
          {
            path: "editedContent",
            message: "extraCostUsd (USD, ≥ 0) and/or extraTokens (integer, ≥ 0), at least one above 0",
          },
        ],
      },
    });
  }
  return { costUsd, tokens };
}

/** What the waiting call lacked under each cap: approving lets exactly that call go. */
function shortfall(content: Record<string, unknown>): { costUsd: number; tokens: number } {
  const lack = (spent: unknown, worst: unknown, cap: unknown) =>
    typeof spent === "number" && typeof worst === "number" && typeof cap === "number"
      ? Math.max(0, spent + worst - cap)
      : 0;
  return {
    // Up to the next nano-dollar, the precision of prices, so float noise cannot leave it just short.
    costUsd: Math.ceil(lack(content.spentUsd, content.worstCaseUsd, content.maxCostUsd) * 1e9) / 1e9,
    tokens: lack(content.spentTokens, content.worstCaseTokens, content.maxTokens),
  };
}
