import type { LinkKeys } from "../approvals/links/link-keys";
import { type MailDeps, mailAssignees } from "../approvals/mail/mail-assignees";
import { APPROVER_NOTICES } from "../domain/run-change";
import type { StoredEvent } from "../domain/run-history";
import type { Deps } from "../ports/deps";

/**
 * The outbox's approver-mail subscriber: an event that asks people to decide an approval (a request, a
 * reminder, an escalation) is mailed to them, each once (core/approvals/mail/mail-assignees.ts), when the
 * service has a mailer. Nothing else of the commit concerns it.
 */
export function approverMail(
  deps: Omit<MailDeps, "mailer"> & Pick<Deps, "mailer">,
  keys: LinkKeys,
  workspaceId: string,
): (event: StoredEvent) => Promise<void> {
  return async (event) => {
    if (APPROVER_NOTICES.has(event.eventType) && deps.mailer) {
      await mailAssignees({ ...deps, mailer: deps.mailer }, keys, workspaceId, event);
    }
  };
}
