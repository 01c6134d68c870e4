import type { ApprovalRequest } from "../../domain/approval";
import { type ApprovalGroup, groupOf, normalEmail } from "../../domain/approval-group";
import type { ApprovalGroupStore } from "../../ports/store";

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
