import { eventLinks } from "../approvers/event-links";
import type { LinkKeys } from "../approvers/link-keys";
import { mailAssignees } from "../approvers/mail-assignees";
import { APPROVER_NOTICES } from "../domain/run-change";
import { isoAt } from "../domain/time";
import { pendingDelivery, type WebhookRecord } from "../domain/webhook";
import { webhookEventOf } from "../domain/webhook-events";
import type { WebhookDispatch } from "../domain/webhook-messages";
import type { Deps } from "../ports/deps";
import type { OutboxJournal, WebhookWorkerStore } from "../ports/store";
import { type ClaimedDelivery, claimEndMs, type DeliverDeps, makeClaimedAttempt } from "./deliver";
import { deliveryIdFor } from "./delivery-id";
import { webhookBody } from "./payload";

type DispatchDeps = DeliverDeps & Pick<Deps, "mailer"> & { store: WebhookWorkerStore };

/**
 * Turns one commit's webhook events into deliveries: one per (subscribed active webhook, event), each with a
 * deterministic id, so running this twice for the same commit creates nothing twice; and mails the
 * assignees of an approval it requests (each once, approvers/mail-assignees.ts). Each delivery is created
 * with its attempt 1 claimed, and that attempt is made here at once, beside the next creations, rather than
 * queued: a delivered event costs no message, no second read of its delivery and webhook, and no claim of its
 * own (docs/data-model.md, "Webhooks"). Once every delivery exists the commit's outbox entry is cleared. A
 * crash before the clear leaves the entry, and the sweeper dispatches again: deliveries already created are
 * found and left to their claims. An attempt that was not recorded is made again by the sweeper once its claim
 * runs out.
 */
export async function dispatchWebhookEvents(
  deps: DispatchDeps,
  message: WebhookDispatch,
  keys: LinkKeys,
): Promise<void> {
  const { workspaceId, runId, journalSeq } = message;
  const journal = await deps.store.webhookOutbox.journal(workspaceId, runId, journalSeq);
  if (!journal?.pending) return;

  const attempts: Promise<void>[] = [];
  const failures: unknown[] = [];
  const attemptAtOnce = (webhook: WebhookRecord, delivery: ClaimedDelivery) => {
    attempts.push(makeClaimedAttempt(deps, webhook, delivery, 1).catch((error) => void failures.push(error)));
  };
  try {
    await createDeliveries(deps, keys, message, journal, attemptAtOnce);
    await deps.store.webhookOutbox.clear(workspaceId, runId, journalSeq);
  } finally {
    await Promise.all(attempts);
  }
  // The message's retry finds the outbox entry cleared: a failed attempt is left to its claim and the sweeper.
  if (failures.length > 0) throw failures[0];
}

/** Mails and creates what the commit's events ask for, handing each delivery it creates to `created`. */
async function createDeliveries(
  deps: DispatchDeps,
  keys: LinkKeys,
  { workspaceId, runId }: WebhookDispatch,
  { events, parentRunId }: OutboxJournal,
  created: (webhook: WebhookRecord, delivery: ClaimedDelivery) => void,
): Promise<void> {
  const announced = events.flatMap((event) => {
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
    const body = JSON.stringify(webhookBody(name, workspaceId, event, { approval, links }, parentRunId));
    for (const webhook of subscribers) {
      const nowMs = deps.clock.nowMs();
      const delivery = pendingDelivery(
        {
          id: deliveryIdFor(event.id, webhook.id),
          workspaceId,
          webhookId: webhook.id,
          event: name,
          eventId: event.id,
          workflowRunId: runId,
          body,
        },
        isoAt(nowMs),
      );
      const claimUntilMs = claimEndMs(deps.config, nowMs);
      if ((await deps.store.webhookDeliveries.create(delivery, claimUntilMs)) === "created") {
        created(webhook, { ...delivery, claimUntilMs });
      }
    }
  }
}
