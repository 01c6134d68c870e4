import { createHash } from "node:crypto";
import type { ApprovalRequest } from "../../domain/approval";
import { groupOf, normalEmail } from "../../domain/approval-group";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../../domain/errors";
import { LIMITS } from "../../domain/limits";
import { isoAt } from "../../domain/time";
import type { Clock } from "../../ports/clock";
import type { Store } from "../../ports/store";
import { isAssignee } from "../deciders/assignment";
import { LINK_ACTIONS, type LinkAction, type LinkClaims, signLink } from "./approval-links";
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
 * approve, to reject with a comment, and to review and edit. Each is `<baseUrl>/a/<token>`, and names the
 * caller it was answered to (`issuedBy`, issuerOf), whose hands it passed through.
 */
export async function issueLinks(
  deps: { store: Pick<Store, "approvals" | "approvalGroups">; clock: Clock },
  keys: LinkKeys,
  workspaceId: string,
  approvalId: string,
  input: IssueLinksInput,
  baseUrl: string,
  issuedBy: string,
): Promise<PersonLinks[]> {
  const approval = await deps.store.approvals.get(workspaceId, approvalId);
  if (!approval) throw new NotFoundError("Approval request");
  if (approval.decision !== null || approval.expiredAt !== null) {
    throw new ConflictError("The approval request is no longer pending");
  }
  const people =
    input.assignee === undefined
      ? await peopleOf(deps.store, workspaceId, [...approval.assignees, ...approval.escalatedTo])
      : [await namedHolder(deps.store, workspaceId, approval, input.assignee)];
  if (people.length > LIMITS.approvalAssignees) {
    throw new ValidationError(
      `The request's assignees come to ${people.length} people; ask for links one assignee at a time`,
      { details: { issues: [{ path: "assignee", message: `at most ${LIMITS.approvalAssignees} at once` }] } },
    );
  }
  if (people.length === 0) {
    throw new ValidationError("This request names no assignees: say whose links these are in assignee", {
      details: { issues: [{ path: "assignee", message: "required when the request has no assignees" }] },
    });
  }
  const key = await keys.forIssuing(workspaceId);
  const expiresAtMs = deps.clock.nowMs() + (input.expiresInMs ?? DEFAULT_LINK_TTL_MS);
  return people.map((assignee) =>
    personLinks(key, { workspaceId, approvalId, assignee, expiresAtMs, issuedBy }, baseUrl),
  );
}

/**
 * One person's links, `<baseUrl>/a/<token>` each. With `nonceSeed`, the same seed gives the same links: a
 * mail sent again after a crash carries the links of the first.
 */
export function personLinks(
  key: Buffer,
  claims: Omit<LinkClaims, "nonce" | "action">,
  baseUrl: string,
  nonceSeed?: string,
): PersonLinks {
  const url = (action: LinkAction) => {
    const nonce =
      nonceSeed === undefined
        ? undefined
        : createHash("sha256")
            .update(`${nonceSeed}#${claims.assignee}#${action}`)
            .digest("base64url")
            .slice(0, 12);
    return `${baseUrl}/a/${signLink(key, { ...claims, action }, nonce)}`;
  };
  const links = Object.fromEntries(LINK_ACTIONS.map((action) => [action, url(action)]));
  return { assignee: claims.assignee, expiresAt: isoAt(claims.expiresAtMs), ...links } as PersonLinks;
}

async function namedHolder(
  store: Pick<Store, "approvalGroups">,
  workspaceId: string,
  approval: ApprovalRequest,
  assignee: string,
): Promise<string> {
  const named = [...approval.assignees, ...approval.escalatedTo];
  if (named.length > 0 && !(await isAssignee(store.approvalGroups, workspaceId, named, assignee))) {
    throw new ForbiddenError(`${assignee} is not assigned to this approval`);
  }
  return normalEmail(assignee);
}

/** The people `names` (e-mail addresses, `group:<name>`) stand for, groups by their members (read now). */
export async function peopleOf(
  store: Pick<Store, "approvalGroups">,
  workspaceId: string,
  names: readonly string[],
): Promise<string[]> {
  const people = new Set<string>();
  for (const named of names) {
    const name = groupOf(named);
    const members =
      name === undefined ? [named] : ((await store.approvalGroups.get(workspaceId, name))?.members ?? []);
    for (const member of members) people.add(normalEmail(member));
  }
  return [...people];
}
