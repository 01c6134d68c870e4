import { type ApprovalRequest, CURRENT_AUDIT_CHAIN, type DecideApprovalInput } from "../../domain/approval";
import { rejectionOutcome } from "../../domain/approval-rejection";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../../domain/errors";
import type { Identity } from "../../domain/identity";
import type { RunTransition } from "../../domain/run-change";
import { RunStatus } from "../../domain/statuses";
import type { ApprovalStep } from "../../domain/step";
import type { CommitDeps } from "../../engine/commit-run";
import { applyOutcome } from "../../engine/rules/apply-outcome";
import type { Deps } from "../../ports/deps";
import type { ApprovalGroupStore } from "../../ports/store";
import { changeRun } from "../../runs/change-run";
import { refuseOutOfBounds } from "../../runs/refuse-out-of-bounds";
import { runSteps } from "../../runs/run-steps";
import { contentHash } from "../audit/audit-hash";
import { checkDecider, deciderName } from "../deciders/decider-policy";
import { applyBudgetDecision } from "./budget-decision";
import { castVote, type Tally } from "./quorum";

/**
 * Decides a pending approval (spec 3.4, 4.5) in the same commit that moves its run on: approved continues
 * with the content, edited replaces `state[contentKey]` and continues, rejected fails the step (its retry
 * policy may ask again) or sends it back for revision (`onReject`). The approval's own condition makes a
 * second decision a 409, even a concurrent one. On a step with a quorum, each call is one vote, committed
 * with the run, and the vote that reaches the quorum decides (docs/approvals.md). Each decision and vote is
 * recorded with the `identity` the caller's credential proves, and counted as only that identity.
 */
export async function decideApproval(
  deps: CommitDeps & Pick<Deps, "ids">,
  groups: Pick<ApprovalGroupStore, "get">,
  workspaceId: string,
  approvalId: string,
  input: DecideApprovalInput,
  identity: Identity,
): Promise<ApprovalRequest> {
  const decidedBy = deciderName(identity, input.decidedBy);
  const verified = { identity, via: identity.kind };
  // Read for its run's id only: it is read again once the run is, and checked against it.
  const first = await deps.store.approvals.stored(workspaceId, approvalId);
  if (!first) throw new NotFoundError("Approval request");
  let decided: ApprovalRequest = first;

  await changeRun(
    deps,
    workspaceId,
    first.workflowRunId,
    async (run, tx) => {
      // After the run: it holds every vote and decision committed with the run as read (votes are not in the
      // request's condition, so a request read before the run could drop a vote committed in between).
      const approval = await deps.store.approvals.get(workspaceId, approvalId, run);
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
      const steps = await runSteps(deps.store, run);
      const step = steps.find((candidate) => candidate.name === approval.stepName);
      await checkDecider(groups, run, step?.type === "approval" ? step : undefined, approval, identity);

      const stepRunId = tx.requireActive().stepRun.id;
      const quorum = step?.type === "approval" ? step.quorum : undefined;
      let decision = input.decision;
      let votes = approval.votes;
      if (quorum) {
        const tally = vote(tx, approval, quorum, { ...input, decidedBy }, stepRunId, verified);
        votes = tally.votes;
        if (tally.outcome === "open") {
          decided = { ...approval, votes };
          return { settleApproval: decided };
        }
        decision = tally.outcome;
      }

      const finalContent = decision === "edited" ? (input.editedContent ?? {}) : approval.content;
      decided = {
        ...approval,
        votes,
        decision,
        decidedBy,
        decidedAt: tx.now,
        decidedAs: identity,
        comment: input.comment ?? null,
      };
      tx.record(
        "APPROVAL_DECIDED",
        {
          stepName: approval.stepName,
          approvalRequestId: approvalId,
          decision,
          decidedBy: decided.decidedBy,
          ...verified,
          contentSha256: contentHash(CURRENT_AUDIT_CHAIN, finalContent),
        },
        stepRunId,
      );
      if (approval.kind === "budget") {
        applyBudgetDecision(tx, steps, approval, decision, input.editedContent);
      } else if (decision === "rejected") {
        const { comment, decidedBy } = decided;
        // A comment sent back for revision lands in the state: refused here if it would overflow it.
        refuseOutOfBounds(tx.run, steps, { output: { decision: "rejected", comment } }, "comment");
        const rejection = { approvalRequestId: approvalId, stepName: approval.stepName, comment, decidedBy };
        const outcome = rejectionOutcome(tx, steps, { ...rejection, decidedAt: tx.now }, "approval rejected");
        applyOutcome(tx, steps, outcome, deps.ids);
      } else {
        if (decision === "edited") tx.run.state[approval.contentKey] = finalContent;
        const outcome = { kind: "completed", output: { decision, content: finalContent } } as const;
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
 * One vote on a request decided by a quorum, recorded as APPROVAL_VOTE_RECORDED. Votes approve or reject:
 * an edit needs one decider. The vote that reaches the quorum decides the request.
 */
function vote(
  tx: RunTransition,
  approval: ApprovalRequest,
  quorum: NonNullable<ApprovalStep["quorum"]>,
  input: Omit<DecideApprovalInput, "decidedBy"> & { decidedBy: string | null },
  stepRunId: string,
  verified: { identity: Identity; via: Identity["kind"] },
): Tally {
  if (input.decision === "edited") {
    throw new ValidationError("A request decided by votes takes approved or rejected, not edited", {
      details: {
        issues: [{ path: "decision", message: "edited needs a single decider; vote approved or rejected" }],
      },
    });
  }
  // checkDecider let only a verified person this far: a vote always has a name.
  if (input.decidedBy === null) throw new ForbiddenError("This approval is decided by people's votes");
  const tally = castVote(approval, quorum, {
    decidedBy: input.decidedBy,
    decision: input.decision,
    comment: input.comment ?? null,
    at: tx.now,
    identity: verified.identity,
  });
  tx.record(
    "APPROVAL_VOTE_RECORDED",
    {
      stepName: approval.stepName,
      approvalRequestId: approval.id,
      decidedBy: input.decidedBy,
      decision: input.decision,
      approvals: tally.approvals,
      rejections: tally.rejections,
      ...verified,
    },
    stepRunId,
  );
  return tally;
}
