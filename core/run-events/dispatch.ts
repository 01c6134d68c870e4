import type { LinkKeys } from "../approvals/links/link-keys";
import type { RunEventDispatch } from "../domain/run-event-messages";
import { webhookEventOf } from "../domain/webhook-events";
import type { Deps } from "../ports/deps";
import type { RunEventWorkerStore } from "../ports/store";
import type { DeliverDeps } from "../webhooks/deliver";
import { approverMail } from "./approver-mail";
import { type AnnouncedEvent, webhookDeliveries } from "./webhook-deliveries";

type DispatchDeps = DeliverDeps & Pick<Deps, "mailer"> & { store: RunEventWorkerStore };

/**
 * Hands one commit's announced run events to the outbox's two subscribers, event by event in the commit's
 * order, each event first to approver mail (approver-mail.ts), then to webhook deliveries
 * (webhook-deliveries.ts). Both are idempotent, so a dispatch repeated for the same commit (a doubled
 * message, or the sweeper's after a crash) does nothing twice. The commit's outbox entry is what brings the
 * dispatch back, so it is cleared only once both are done with every event; a dispatch that throws leaves
 * it, and the message's retry or the sweeper dispatches the commit again.
 */
export async function dispatchRunEvents(
  deps: DispatchDeps,
  message: RunEventDispatch,
  keys: LinkKeys,
): Promise<void> {
  const { workspaceId, runId, journalSeq } = message;
  const journal = await deps.store.runEventOutbox.journal(workspaceId, runId, journalSeq);
  if (!journal?.pending) return;

  const announced = journal.events.flatMap((event): AnnouncedEvent[] => {
    const name = webhookEventOf(event.eventType);
    return name ? [{ name, event }] : [];
  });
  const mail = approverMail(deps, keys, workspaceId);
  const webhooks = await webhookDeliveries(deps, keys, message, journal, announced.length > 0);
  try {
    for (const event of announced) {
      await mail(event.event);
      await webhooks.take(event);
    }
  } finally {
    await webhooks.settled();
  }
  if (webhooks.done()) await deps.store.runEventOutbox.clear(workspaceId, runId, journalSeq);
}
