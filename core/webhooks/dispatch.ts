import { eventLinks } from "../approvals/links/event-links";
import type { LinkKeys } from "../approvals/links/link-keys";
import { mailAssignees } from "../approvals/mail/mail-assignees";
import { APPROVER_NOTICES } from "../domain/run-change";
import { isoAt } from "../domain/time";
import { pendingDelivery, type WebhookRecord } from "../domain/webhook";
import { webhookEventOf } from "../domain/webhook-events";
import { type WebhookDispatch, webhookAttempt } from "../domain/webhook-messages";
import type { Deps } from "../ports/deps";
import type { OutboxJournal, StoredDelivery, WebhookWorkerStore } from "../ports/store";
import {
  type ClaimedDelivery,
  claimEndMs,
  type DeliverDeps,
  deliverWebhookAttempt,
  makeClaimedAttempt,
} from "./deliver";
import { deliveryIdFor } from "./delivery-id";
import { webhookBody } from "./payload";

type DispatchDeps = DeliverDeps & Pick<Deps, "mailer"> & { store: WebhookWorkerStore };

/**
 * Turns one commit's webhook events into deliveries: one per (subscribed active webhook, event), each with a
 * deterministic id, so running this twice for the same commit creates nothing twice; and mails the
 * assignees of an approval it requests (each once, approvals/mail/mail-assignees.ts). Each delivery is created
 * with its attempt 1 claimed, and that attempt is made here at once, beside the next creations, rather than
 * queued: a delivered event costs no message, no second read of its delivery and webhook, no claim and no
 * sweep entry of its own (docs/data-model.md, "Webhooks"). The commit's outbox entry is what brings the
 * dispatch back until then, so it is cleared only once every delivery's first attempt is recorded (or handed
 * to a retry's claim, which has a sweep entry). A dispatch that finds a delivery there already (a repeated
 * message, or the sweeper's after a crash) makes its first attempt if that was never recorded and its claim
 * has run out, and otherwise leaves the entry for a later sweep while the claim holds.
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
  let held = false;
  const settling: Settle = {
    created: (webhook, delivery) => {
      attempts.push(
        makeClaimedAttempt(deps, webhook, delivery, 1).catch((error) => void failures.push(error)),
      );
    },
    found: (delivery) => {
      const settled = settleFound(deps, delivery).then((done) => {
        held ||= !done;
      });
      attempts.push(settled.catch((error) => void failures.push(error)));
    },
  };
  try {
    await createDeliveries(deps, keys, message, journal, settling);
  } finally {
    await Promise.all(attempts);
  }
  // Left in the outbox, the commit is dispatched again by the message's retry or the sweeper.
  if (failures.length > 0) throw failures[0];
  if (!held) await deps.store.webhookOutbox.clear(workspaceId, runId, journalSeq);
}

/** What a dispatch does with each delivery of its commit: one it created, one it found already there. */
interface Settle {
  created(webhook: WebhookRecord, delivery: ClaimedDelivery): void;
  found(delivery: Pick<StoredDelivery, "workspaceId" | "webhookId" | "id">): void;
}

/**
 * A delivery a dispatch found already there: settled when its first attempt was recorded or it is final;
 * otherwise, once its claim has run out, its first attempt is made (deliverWebhookAttempt claims it, with a
 * sweep entry, and cancels it if its webhook is gone). False while a claim still holds it: its dispatcher may
 * be making it.
 */
async function settleFound(
  deps: DispatchDeps,
  { workspaceId, webhookId, id }: Pick<StoredDelivery, "workspaceId" | "webhookId" | "id">,
): Promise<boolean> {
  const delivery = await deps.store.webhookDeliveries.get(workspaceId, webhookId, id);
  if (delivery?.status !== "pending" || delivery.attempts > 0) return true;
  if ((delivery.claimUntilMs ?? 0) > deps.clock.nowMs()) return false;
  await deliverWebhookAttempt(deps, webhookAttempt(delivery, 1));
  return true;
}

/** Mails and creates what the commit's events ask for, handing each delivery to `settle`. */
async function createDeliveries(
  deps: DispatchDeps,
  keys: LinkKeys,
  { workspaceId, runId }: WebhookDispatch,
  { events, parentRunId }: OutboxJournal,
  settle: Settle,
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
    const links = approval && (await eventLinks(deps, keys, workspaceId, approval, event, "webhook"));
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
      const outcome = await deps.store.webhookDeliveries.create(delivery, claimUntilMs);
      if (outcome === "created") settle.created(webhook, { ...delivery, claimUntilMs });
      else if (outcome === "exists") settle.found(delivery);
    }
  }
}
