import type { ApprovalRequest } from "../../domain/approval";
import type { StoredEvent } from "../../domain/run-history";
import type { Deps } from "../../ports/deps";
import type { Mailer } from "../../ports/mailer";
import type { RunStore, Store } from "../../ports/store";
import { eventLinks } from "../links/event-links";
import type { PersonLinks } from "../links/issue-links";
import type { LinkKeys } from "../links/link-keys";
import { chargeMail, type MailPolicyDeps, mailsWorkspace, mayReceive } from "./mail-policy";

/** How much of the content a mail shows; the review page shows it whole. */
const CONTENT_PREVIEW_CHARS = 2000;

export type MailDeps = MailPolicyDeps &
  Pick<Deps, "log"> & {
    store: Pick<Store, "approvals" | "approvalGroups" | "approvalMail" | "definitions"> & {
      runs: Pick<RunStore, "get">;
    };
    mailer: Mailer;
  };

/**
 * Mails the people an event asks to decide (APPROVER_NOTICES: a request's assignees, a reminder's who have
 * not voted, an escalation's new assignees), each with their signed links (docs/approvals.md, "E-mail"). Run from the outbox's dispatch, which may run twice for one commit: a
 * person already mailed for this event is skipped, and a mail is marked sent only once the server took it,
 * so a crash between the two sends that one mail again, with the same links, rather than none.
 *
 * Under the operator's mail policy (mail-policy.ts): nothing for a workspace APPROVAL_MAIL leaves out, no
 * one MAIL_RECIPIENTS excludes, and nothing past the workspace's hourly or daily quota. What is not sent
 * is logged, by the approval and event and how many, never an address or a link; the request stays
 * decidable in the inbox, the API and by links issued there.
 */
export async function mailAssignees(
  deps: MailDeps,
  keys: LinkKeys,
  workspaceId: string,
  event: StoredEvent,
): Promise<void> {
  const approvalId = event.payload.approvalRequestId;
  if (typeof approvalId !== "string") return;
  const approval = await deps.store.approvals.get(workspaceId, approvalId);
  if (!approval || approval.decision !== null || approval.expiredAt !== null) return;
  const log = deps.log.child({ workspaceId, approvalId, eventId: event.id });
  if (!mailsWorkspace(deps.config, workspaceId)) {
    log.info({}, "approval mail not sent: APPROVAL_MAIL leaves this workspace out");
    return;
  }
  const links = await eventLinks(deps, keys, workspaceId, approval, event, "mail");
  if (links.length === 0) return;
  const run = await deps.store.runs.get(workspaceId, approval.workflowRunId);
  const definition = run && (await deps.store.definitions.get(workspaceId, run.definitionId));
  let excluded = 0;
  for (const [index, personal] of links.entries()) {
    const { assignee } = personal;
    if (await deps.store.approvalMail.wasSent(workspaceId, event.id, assignee)) continue;
    if (!(await mayReceive(deps, workspaceId, assignee))) {
      excluded += 1;
      continue;
    }
    const quota = await chargeMail(deps, workspaceId);
    if (quota) {
      log.warn(
        { quota: quota.per, limit: quota.limit, notSent: links.length - index },
        `approval mail not sent: the workspace's mail quota per ${quota.per} (${quota.limit}) is reached`,
      );
      break;
    }
    const mail = requestMail(approval, definition?.name, personal, event);
    await deps.mailer.send({ to: assignee, ...mail });
    await deps.store.approvalMail.markSent(workspaceId, event.id, assignee, Date.parse(personal.expiresAt));
  }
  if (excluded > 0) {
    log.info({ notSent: excluded }, "approval mail not sent to assignees MAIL_RECIPIENTS excludes");
  }
}

const SUBJECT_PREFIX: Record<string, string> = {
  APPROVAL_REQUESTED: "Approval requested",
  APPROVAL_REMINDER_SENT: "Reminder: approval requested",
  APPROVAL_ESCALATED: "Escalated to you: approval requested",
};

function requestMail(
  approval: ApprovalRequest,
  workflowName: string | undefined,
  links: PersonLinks,
  event: StoredEvent,
) {
  const content = JSON.stringify(approval.content, null, 2);
  const preview =
    content.length > CONTENT_PREVIEW_CHARS ? `${content.slice(0, CONTENT_PREVIEW_CHARS)}\n…` : content;
  const what = `${workflowName ?? "A workflow"} · ${approval.stepName}`;
  return {
    subject: `${SUBJECT_PREFIX[event.eventType] ?? "Approval requested"}: ${approval.prompt ?? what}`.slice(
      0,
      200,
    ),
    text: [
      `${what}${approval.revision > 1 ? ` (revision ${approval.revision})` : ""} asks for your decision.`,
      ...(approval.prompt ? ["", approval.prompt] : []),
      "",
      preview,
      "",
      `Approve: ${links.approve}`,
      `Reject with a comment: ${links.reject}`,
      `Review and edit: ${links.review}`,
      "",
      `The links are yours alone and work until ${links.expiresAt}; each opens a page where you confirm.`,
    ].join("\n"),
  };
}
