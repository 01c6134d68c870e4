import type { ApprovalRequest } from "../domain/approval";
import { type ApprovalGroup, groupOf, normalEmail } from "../domain/approval-group";
import { ForbiddenError } from "../domain/errors";
import type { RunRecord } from "../domain/run-record";
import type { ApprovalStep } from "../domain/step";
import type { ApprovalGroupStore } from "../ports/store";

type Groups = Pick<ApprovalGroupStore, "get">;

/** Whether `email` is one of `assignees`, directly or as a member of a named group (read now). */
export async function isAssignee(
  groups: Groups,
  workspaceId: string,
  assignees: readonly string[],
  email: string,
) {
  const person = normalEmail(email);
  if (assignees.some((assignee) => normalEmail(assignee) === person)) return true;
  for (const assignee of assignees) {
    const name = groupOf(assignee);
    const group = name === undefined ? undefined : await groups.get(workspaceId, name);
    if (group?.members.includes(person)) return true;
  }
  return false;
}

/**
 * Refuses a decision the step's policy does not allow (docs/approvals.md): a step with assignees is decided
 * only by one of them, named in `decidedBy`; a step with `allowRequester: false` not by the run's `startedBy`.
 */
export async function checkDecider(
  groups: Groups,
  run: RunRecord,
  step: ApprovalStep | undefined,
  approval: ApprovalRequest,
  decidedBy: string | undefined,
): Promise<void> {
  // Since the step's escalation, its escalation assignees may decide too.
  const assignees = [...approval.assignees, ...approval.escalatedTo];
  const guarded = assignees.length > 0 || step?.allowRequester === false;
  if (!guarded) return;
  if (decidedBy === undefined) {
    throw new ForbiddenError("This approval names who may decide it: say who you are in decidedBy");
  }
  if (assignees.length > 0 && !(await isAssignee(groups, run.workspaceId, assignees, decidedBy))) {
    throw new ForbiddenError(`${decidedBy} is not assigned to this approval`);
  }
  if (
    step?.allowRequester === false &&
    run.startedBy &&
    normalEmail(run.startedBy) === normalEmail(decidedBy)
  ) {
    throw new ForbiddenError("The person who started the run may not decide its approval");
  }
}

/**
 * The requests assigned to `email` (or escalated to it), directly or through a group it is a member of,
 * among `requests`: the workspace's groups are read once.
 */
export function assignedTo(
  requests: readonly ApprovalRequest[],
  email: string,
  groups: readonly ApprovalGroup[],
): ApprovalRequest[] {
  const person = normalEmail(email);
  const memberOf = new Set(
    groups.filter((group) => group.members.includes(person)).map((group) => group.name),
  );
  return requests.filter((request) =>
    [...request.assignees, ...request.escalatedTo].some((assignee) => {
      const name = groupOf(assignee);
      return name === undefined ? normalEmail(assignee) === person : memberOf.has(name);
    }),
  );
}
