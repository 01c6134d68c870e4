import type { ApprovalRequest } from "../domain/approval";
import { LIMITS } from "../domain/limits";
import type { StoredEvent } from "../domain/run-change";
import type { Deps } from "../ports/deps";
import type { Store } from "../ports/store";
import { assigneeEmails, DEFAULT_LINK_TTL_MS, type PersonLinks, personLinks } from "./issue-links";
import type { LinkKeys } from "./link-keys";

/**
 * The links sent out for the APPROVAL_REQUESTED event of a request with assignees, by mail and in the
 * `approval.requested` webhook: for its first 50 people (groups by their members), at `PUBLIC_URL` (else
 * the local server's address), valid 7 days from the event, and the same each time they are made for it.
 */
export async function eventLinks(
  deps: Pick<Deps, "config"> & { store: Pick<Store, "approvalGroups"> },
  keys: LinkKeys,
  workspaceId: string,
  approval: ApprovalRequest,
  event: StoredEvent,
): Promise<PersonLinks[]> {
  const people = (await assigneeEmails(deps.store, workspaceId, approval)).slice(0, LIMITS.approvalAssignees);
  if (people.length === 0) return [];
  const key = await keys.forIssuing(workspaceId);
  const baseUrl = (deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`).replace(/\/+$/, "");
  const expiresAtMs = Date.parse(event.createdAt) + DEFAULT_LINK_TTL_MS;
  return people.map((assignee) =>
    personLinks(key, { workspaceId, approvalId: approval.id, assignee, expiresAtMs }, baseUrl, event.id),
  );
}
