import type { IdGenerator } from "../../domain/ids";
import type { RunTransition } from "../../domain/run-change";
import type { StepDefinition } from "../../domain/step";
import { applyOutcome } from "./apply-outcome";

/** A rejection of an approval request: by a person's decision, or by the step's `onTimeout: "reject"`. */
export interface Rejection {
  approvalRequestId: string;
  stepName: string;
  comment: string | null;
  decidedBy: string | null;
  decidedAt: string;
}

/**
 * What a rejection does to the run (docs/approvals.md). A step with `onReject`, while revisions remain, sends
 * the content back: the rejection goes to `state[feedbackKey]`, APPROVAL_REVISION_REQUESTED is recorded, and
 * the run continues at `gotoStep`; past `maxRevisions` the step fails for good. A step without it fails the
 * attempt with `plainFailure`, and its retry policy decides (spec 3.4).
 */
export function applyRejection(
  tx: RunTransition,
  steps: readonly StepDefinition[],
  rejection: Rejection,
  ids: IdGenerator,
  plainFailure: string,
): void {
  const step = steps.find((candidate) => candidate.name === rejection.stepName);
  const onReject = step?.type === "approval" ? step.onReject : undefined;
  if (!onReject) {
    applyOutcome(tx, steps, { kind: "failed", error: plainFailure, retryable: true }, ids);
    return;
  }
  const revisions = tx.run.approvalRevisions?.[rejection.stepName]?.count ?? 0;
  if (revisions >= onReject.maxRevisions) {
    const error = `approval rejected after ${revisions} revision${revisions === 1 ? "" : "s"}`;
    applyOutcome(tx, steps, { kind: "failed", error, retryable: false }, ids);
    return;
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
  const output = { decision: "rejected", comment };
  applyOutcome(tx, steps, { kind: "completed", output, nextStepName: onReject.gotoStep }, ids);
}
