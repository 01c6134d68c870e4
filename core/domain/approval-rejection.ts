import type { RunTransition } from "./run-change";
import type { StepDefinition } from "./step";
import type { StepOutcome } from "./step-outcome";

/** A rejection of an approval request: by a person's decision, or by the step's `onTimeout: "reject"`. */
export interface Rejection {
  approvalRequestId: string;
  stepName: string;
  comment: string | null;
  decidedBy: string | null;
  decidedAt: string;
}

/**
 * What a rejection does to the run (docs/approvals.md), as the outcome its caller applies to the step. A step
 * with `onReject`, while revisions remain, sends the content back: the rejection goes to
 * `state[feedbackKey]`, APPROVAL_REVISION_REQUESTED is recorded, and the step completes towards `gotoStep`;
 * past `maxRevisions` the step fails for good. A step without it fails the attempt with `plainFailure`, and
 * its retry policy decides (spec 3.4). Pure, so both a person's decision (core/approvals/decide/) and the
 * engine's rules (a deadline's `onTimeout`, core/engine/rules/claim.ts) route a rejection the same way.
 */
export function rejectionOutcome(
  tx: RunTransition,
  steps: readonly StepDefinition[],
  rejection: Rejection,
  plainFailure: string,
): Extract<StepOutcome, { kind: "failed" | "completed" }> {
  const step = steps.find((candidate) => candidate.name === rejection.stepName);
  const onReject = step?.type === "approval" ? step.onReject : undefined;
  if (!onReject) return { kind: "failed", error: plainFailure, retryable: true };
  const revisions = tx.run.approvalRevisions?.[rejection.stepName]?.count ?? 0;
  if (revisions >= onReject.maxRevisions) {
    const error = `approval rejected after ${revisions} revision${revisions === 1 ? "" : "s"}`;
    return { kind: "failed", error, retryable: false };
  }
  const revision = revisions + 1;
  const { comment, decidedBy, decidedAt, approvalRequestId, stepName } = rejection;
  tx.run.state[onReject.feedbackKey] = { comment, decidedBy, decidedAt, revision };
  tx.run.approvalRevisions = {
    ...tx.run.approvalRevisions,
    [stepName]: { count: revision, lastRequestId: approvalRequestId },
  };
  tx.record(
    "APPROVAL_REVISION_REQUESTED",
    { stepName, approvalRequestId, gotoStep: onReject.gotoStep, revision, comment },
    tx.requireActive().stepRun.id,
  );
  return { kind: "completed", output: { decision: "rejected", comment }, nextStepName: onReject.gotoStep };
}
