import type { ApprovalRequest } from "../domain/approval";
import { groupOf, normalEmail } from "../domain/approval-group";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../domain/errors";
import { LIMITS } from "../domain/limits";
import { isoAt } from "../domain/time";
import type { Clock } from "../ports/clock";
import type { Store } from "../ports/store";
import { LINK_ACTIONS, type LinkAction, signLink } from "./approval-links";
import { isAssignee } from "./assignment";
import type { LinkKeys } from "./link-keys";

export const DEFAULT_LINK_TTL_MS = 7 * 24 * 3600_000;

export interface IssueLinksInput {
  /** One person's links; without it, links for every assignee of the request (groups by their members). */
  assignee?: string | undefined;
  expiresInMs?: number | undefined;
}

export type PersonLinks = { assignee: string; expiresAt: string } & Record<LinkAction, string>;

/**
 * Fresh signed links to decide a pending request (docs/approvals.md, "Links"), one set per person: to
 * approve, to reject with a comment, and to review and edit. Each is `<baseUrl>/a/<token>`.
 */
export async function issueLinks(
  deps: { store: Pick<Store, "approvals" | "approvalGroups">; clock: Clock },
  keys: LinkKeys,
  workspaceId: string,
  approvalId: string,
  input: IssueLinksInput,
  baseUrl: string,
): Promise<PersonLinks[]> {
  const approval = await deps.store.approvals.get(workspaceId, approvalId);
  if (!approval) throw new NotFoundError("Approval request");
  if (approval.decision !== null || approval.expiredAt !== null) {
    throw new ConflictError("The approval request is no longer pending");
  }
  const people = await linkHolders(deps.store, workspaceId, approval, input.assignee);
  const key = await keys.forIssuing(workspaceId);
  const expiresAtMs = deps.clock.nowMs() + (input.expiresInMs ?? DEFAULT_LINK_TTL_MS);
  return people.map((assignee) => {
    const url = (action: LinkAction) =>
      `${baseUrl}/a/${signLink(key, { workspaceId, approvalId, assignee, action, expiresAtMs })}`;
    const links = Object.fromEntries(LINK_ACTIONS.map((action) => [action, url(action)]));
    return { assignee, expiresAt: isoAt(expiresAtMs), ...links } as PersonLinks;
  });
}

async function linkHolders(
  store: Pick<Store, "approvalGroups">,
  workspaceId: string,
  approval: ApprovalRequest,
  assignee: string | undefined,
): Promise<string[]> {
  if (assignee !== undefined) {
    const named = approval.assignees;
    if (named.length > 0 && !(await isAssignee(store.approvalGroups, workspaceId, named, assignee))) {
      throw new ForbiddenError(`${assignee} is not assigned to this approval`);
    }
    return [normalEmail(assignee)];
  }
  if (approval.assignees.length === 0) {
    throw new ValidationError("This request names no assignees: say whose links these are in assignee", {
      details: { issues: [{ path: "assignee", message: "required when the request has no assignees" }] },
    });
  }
  const people = new Set<string>();
  for (const named of approval.assignees) {
    const name = groupOf(named);
    const members =
      name === undefined ? [named] : ((await store.approvalGroups.get(workspaceId, name))?.members ?? []);
    for (const member of members) people.add(normalEmail(member));
  }
  if (people.size > LIMITS.approvalAssignees) {
    throw new ValidationError(
      `The request's assignees come to ${people.size} people; ask for links one assignee at a time`,
      { details: { issues: [{ path: "assignee", message: `at most ${LIMITS.approvalAssignees} at once` }] } },
    );
  }
  return [...people];
}
