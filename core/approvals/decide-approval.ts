import type { ApprovalRequest, DecideApprovalInput } from "../domain/approval";
import { ConflictError, NotFoundError } from "../domain/errors";
import { RunStatus } from "../domain/statuses";
import { applyOutcome } from "../engine/apply-outcome";
import { applyRejection } from "../engine/approval-rejection";
import type { CommitDeps } from "../engine/commit-run";
import type { Deps } from "../ports/deps";
import type { ApprovalGroupStore } from "../ports/store";
import { changeRun } from "../runs/change-run";
import { refuseOutOfBounds } from "../runs/refuse-out-of-bounds";
import { checkDecider } from "./assignment";

/**
 * Decides a pending approval (spec 3.4, 4.5) in the same commit that moves its run on: approved continues
 * with the content, edited replaces `state[contentKey]` and continues, rejected fails the step (its retry
 * policy may ask again). The approval's own condition makes a second decision a 409, even a concurrent one.
 */
export async function decideApproval(
  deps: CommitDeps & Pick<Deps, "ids">,
  groups: Pick<ApprovalGroupStore, "get">,
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
      const step = definition.stepsJson.find((candidate) => candidate.name === approval.stepName);
      await checkDecider(
        groups,
        run,
        step?.type === "approval" ? step : undefined,
        approval,
        input.decidedBy,
      );

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
        const { comment, decidedBy } = decided;
        // A comment sent back for revision lands in the state: refused here if it would overflow it.
        refuseOutOfBounds(tx.run, steps, { output: { decision: "rejected", comment } }, "comment");
        const rejection = { approvalRequestId: approvalId, stepName: approval.stepName, comment, decidedBy };
        applyRejection(tx, steps, { ...rejection, decidedAt: tx.now }, deps.ids, "approval rejected");
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
