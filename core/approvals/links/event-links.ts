import { publicOrigin } from "../../config";
import type { ApprovalRequest } from "../../domain/approval";
import { normalEmail } from "../../domain/approval-group";
import { LIMITS } from "../../domain/limits";
import type { StoredEvent } from "../../domain/run-history";
import type { Deps } from "../../ports/deps";
import type { Store } from "../../ports/store";
import { DEFAULT_LINK_TTL_MS, type PersonLinks, peopleOf, personLinks } from "./issue-links";
import type { LinkKeys } from "./link-keys";

/**
 * The links sent out for an event that asks people to decide (APPROVER_NOTICES), by mail or in its
 * webhook: for the first 50 people it concerns (groups by their members), at `PUBLIC_URL` (else the local
 * server's address), valid 7 days from the event, and the same each time they are made for it and the same
 * channel. The mail's and the webhook's differ: a vote by a mailed link counts as its assignee, one by a link
 * the webhook's receiver passed on as the workspace's integrations (core/approvals/decide/quorum.ts).
 */
export async function eventLinks(
  deps: Pick<Deps, "config"> & { store: Pick<Store, "approvalGroups"> },
  keys: LinkKeys,
  workspaceId: string,
  approval: ApprovalRequest,
  event: StoredEvent,
  channel: "mail" | "webhook",
): Promise<PersonLinks[]> {
  const voted = new Set(approval.votes.map((vote) => normalEmail(vote.decidedBy)));
  const reminding = event.eventType === "APPROVAL_REMINDER_SENT";
  const people = (await peopleOf(deps.store, workspaceId, noticed(approval, event)))
    .filter((person) => !(reminding && voted.has(person)))
    .slice(0, LIMITS.approvalAssignees);
  if (people.length === 0) return [];
  const key = await keys.forIssuing(workspaceId);
  const baseUrl = publicOrigin(deps.config);
  const expiresAtMs = Date.parse(event.createdAt) + DEFAULT_LINK_TTL_MS;
  // The mail's seed is the event's id alone, as it was before the channels' links differed.
  const seed = channel === "mail" ? event.id : `${event.id}#${channel}`;
  const claims = { workspaceId, approvalId: approval.id, expiresAtMs, issuedBy: channel };
  return people.map((assignee) => personLinks(key, { ...claims, assignee }, baseUrl, seed));
}

/**
 * Whom the event concerns: a request, its assignees; a reminder, those (escalation assignees included) who
 * have not voted; an escalation, the people it adds.
 */
function noticed(approval: ApprovalRequest, event: StoredEvent): string[] {
  if (event.eventType === "APPROVAL_ESCALATED") {
    const { assignees } = event.payload;
    return Array.isArray(assignees) ? assignees.map(String) : [];
  }
  if (event.eventType === "APPROVAL_REMINDER_SENT") return [...approval.assignees, ...approval.escalatedTo];
  return approval.assignees;
}
