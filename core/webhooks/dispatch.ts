import { eventLinks } from "../approvers/event-links";
import type { LinkKeys } from "../approvers/link-keys";
import { mailAssignees } from "../approvers/mail-assignees";
import { APPROVER_NOTICES } from "../domain/run-change";
import { isoAt } from "../domain/time";
import type { DeliveryRecord } from "../domain/webhook";
import { webhookEventOf } from "../domain/webhook-events";
import { type WebhookDispatch, webhookAttempt } from "../domain/webhook-messages";
import type { Deps } from "../ports/deps";
import type { WebhookWorkerStore } from "../ports/store";
import { deliveryIdFor } from "./delivery-id";
import { webhookBody } from "./payload";

/**
 * Turns one commit's webhook events into deliveries: one per (subscribed active webhook, event), each with a
 * deterministic id, so running this twice for the same commit creates nothing twice; and mails the
 * assignees of an approval it requests (each once, approvers/mail-assignees.ts). Attempt 1 of each is
 * queued, then the commit's outbox entry is cleared. A crash anywhere in between leaves the entry, and the
 * sweeper dispatches again: deliveries already created are found, their attempt 1 is queued again, and
 * the attempt's own claim makes sure it happens once.
 */
export async function dispatchWebhookEvents(
  deps: Pick<Deps, "webhookQueue" | "clock" | "config" | "mailer"> & { store: WebhookWorkerStore },
  message: WebhookDispatch,
  keys: LinkKeys,
): Promise<void> {
  const { workspaceId, runId, journalSeq } = message;
  const journal = await deps.store.webhookOutbox.journal(workspaceId, runId, journalSeq);
  if (!journal?.pending) return;

  const announced = journal.events.flatMap((event) => {
    const name = webhookEventOf(event.eventType);
    return name ? [{ name, event }] : [];
  });
  const webhooks =
    announced.length === 0
      ? []
      : (await deps.store.webhooks.list(workspaceId)).filter((webhook) => webhook.isActive);

  for (const { name, event } of announced) {
    const asks = APPROVER_NOTICES.has(event.eventType);
    if (asks && deps.mailer) await mailAssignees({ ...deps, mailer: deps.mailer }, keys, workspaceId, event);
    const subscribers = webhooks.filter((webhook) => webhook.events.includes(name));
    if (subscribers.length === 0) continue;
    const approvalId = event.payload.approvalRequestId;
    const approval =
      asks && typeof approvalId === "string"
        ? await deps.store.approvals.get(workspaceId, approvalId)
        : undefined;
    const links = approval && (await eventLinks(deps, keys, workspaceId, approval, event));
    const body = JSON.stringify(webhookBody(name, workspaceId, event, { approval, links }));
    const now = isoAt(deps.clock.nowMs());
    for (const webhook of subscribers) {
      const delivery: DeliveryRecord = {
        id: deliveryIdFor(event.id, webhook.id),
        workspaceId,
        webhookId: webhook.id,
        event: name,
        eventId: event.id,
        workflowRunId: runId,
        status: "pending",
        attempts: 0,
        attemptLog: [],
        lastStatusCode: null,
        lastError: null,
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
        deliveredAt: null,
        failedAt: null,
        body,
      };
      const created = await deps.store.webhookDeliveries.create(delivery);
      if (created !== "webhook-gone") await deps.webhookQueue.send(webhookAttempt(delivery, 1));
    }
  }
  await deps.store.webhookOutbox.clear(workspaceId, runId, journalSeq);
}
