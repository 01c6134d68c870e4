import type { ApprovalRequest, DecideApprovalInput } from "../domain/approval";
import { ConflictError, NotFoundError } from "../domain/errors";
import type { IdGenerator } from "../domain/ids";
import type { RunTransition } from "../domain/run-change";
import { RunStatus } from "../domain/statuses";
import type { ApprovalStep, StepDefinition } from "../domain/step";
import { applyOutcome } from "../engine/apply-outcome";
import type { CommitDeps } from "../engine/commit-run";
import type { Deps } from "../ports/deps";
import { changeRun } from "../runs/change-run";
import { refuseOutOfBounds } from "../runs/refuse-out-of-bounds";

/**
 * Decides a pending approval (spec 3.4, 4.5) in the same commit that moves its run on: approved continues
 * with the content, edited replaces `state[contentKey]` and continues, rejected fails the step (its retry
 * policy may ask again). The approval's own condition makes a second decision a 409, even a concurrent one.
 */
export async function decideApproval(
  deps: CommitDeps & Pick<Deps, "ids">,
  workspaceId: string,
  approvalId: string,
  input: DecideApprovalInput,
): Promise<ApprovalRequest> {
  const first = await deps.store.approvals.get(workspaceId, approvalId);
  if (!first) throw new NotFoundError("Approval request");
  let decided: ApprovalRequest = first;

  await changeRun(
    deps,
    workspaceId,
    first.workflowRunId,
    async (run, tx) => {
      const approval = await deps.store.approvals.get(workspaceId, approvalId);
      if (!approval) throw new NotFoundError("Approval request");
      if (approval.decision !== null) throw new ConflictError("The approval request is already decided");
      if (approval.expiredAt !== null)
        throw new ConflictError("The approval request expired without a decision");
      const wait = run.active?.wait;
      if (
        run.status !== RunStatus.Paused ||
        wait?.kind !== "approval" ||
        wait.approvalRequestId !== approvalId
      ) {
        throw new ConflictError(`The run is ${run.status}, no longer waiting for this approval`);
      }
      const definition = await deps.store.definitions.get(workspaceId, run.definitionId);
      if (!definition) throw new NotFoundError("Workflow definition");

      decided = {
        ...approval,
        decision: input.decision,
        decidedBy: input.decidedBy ?? null,
        decidedAt: tx.now,
        comment: input.comment ?? null,
      };
      const stepRunId = tx.requireActive().stepRun.id;
      tx.record(
        "APPROVAL_DECIDED",
        {
          stepName: approval.stepName,
          approvalRequestId: approvalId,
          decision: input.decision,
          decidedBy: decided.decidedBy,
        },
        stepRunId,
      );
      const steps = definition.stepsJson;
      if (input.decision === "rejected") {
        const step = steps.find((candidate) => candidate.name === approval.stepName);
        const onReject = step?.type === "approval" ? step.onReject : undefined;
        if (onReject) sendBackForRevision(tx, steps, decided, onReject, deps.ids);
        else {
          applyOutcome(tx, steps, { kind: "failed", error: "approval rejected", retryable: true }, deps.ids);
        }
      } else {
        const content = input.decision === "edited" ? (input.editedContent ?? {}) : approval.content;
        if (input.decision === "edited") tx.run.state[approval.contentKey] = content;
        const outcome = { kind: "completed", output: { decision: input.decision, content } } as const;
        refuseOutOfBounds(tx.run, steps, outcome, "editedContent");
        applyOutcome(tx, steps, outcome, deps.ids);
      }
      return { settleApproval: decided };
    },
    { ringDoorbell: true, cancelSchedule: true },
  );
  return decided;
}

/**
 * A rejection on a step with `onReject` (docs/approvals.md): while revisions remain, the rejection is written
 * to `state[feedbackKey]` and the run goes back to `gotoStep`, whose next draft opens a new request; past
 * `maxRevisions`, the step fails for good.
 */
function sendBackForRevision(
  tx: RunTransition,
  steps: readonly StepDefinition[],
  decided: ApprovalRequest,
  onReject: NonNullable<ApprovalStep["onReject"]>,
  ids: IdGenerator,
): void {
  const revisions = tx.run.approvalRevisions?.[decided.stepName]?.count ?? 0;
  if (revisions >= onReject.maxRevisions) {
    const error = `approval rejected after ${revisions} revision${revisions === 1 ? "" : "s"}`;
    applyOutcome(tx, steps, { kind: "failed", error, retryable: false }, ids);
    return;
  }
  const revision = revisions + 1;
  const { comment, decidedBy, decidedAt } = decided;
  tx.run.state[onReject.feedbackKey] = { comment, decidedBy, decidedAt, revision };
  tx.run.approvalRevisions = {
    ...tx.run.approvalRevisions,
    [decided.stepName]: { count: revision, lastRequestId: decided.id },
  };
  tx.record(
    "APPROVAL_REVISION_REQUESTED",
    {
      stepName: decided.stepName,
      approvalRequestId: decided.id,
      gotoStep: onReject.gotoStep,
      revision,
      comment,
    },
    tx.requireActive().stepRun.id,
  );
  const outcome = {
    kind: "completed",
    output: { decision: "rejected", comment },
    nextStepName: onReject.gotoStep,
  } as const;
  refuseOutOfBounds(tx.run, steps, outcome, "comment");
  applyOutcome(tx, steps, outcome, ids);
}
