import { eventLinks } from "../approvals/links/event-links";
import type { LinkKeys } from "../approvals/links/link-keys";
import { APPROVER_NOTICES } from "../domain/run-change";
import { type RunEventDispatch, webhookAttempt } from "../domain/run-event-messages";
import type { StoredEvent } from "../domain/run-history";
import { isoAt } from "../domain/time";
import { pendingDelivery, type WebhookRecord } from "../domain/webhook";
import type { WebhookEventName } from "../domain/webhook-events";
import type { OutboxJournal, RunEventWorkerStore, StoredDelivery } from "../ports/store";
import {
  type ClaimedDelivery,
  claimEndMs,
  type DeliverDeps,
  deliverWebhookAttempt,
  makeClaimedAttempt,
} from "../webhooks/deliver";
import { deliveryIdFor } from "../webhooks/delivery-id";
import { webhookBody } from "../webhooks/payload";

/** An event of the commit that webhooks announce, under its webhook event name. */
export interface AnnouncedEvent {
  name: WebhookEventName;
  event: StoredEvent;
}

type WebhookDeliveriesDeps = DeliverDeps & { store: RunEventWorkerStore };

/** The webhook subscriber of one commit's dispatch. */
export interface WebhookDeliveries {
  /** Creates the event's deliveries, one per subscribed active webhook, each with a deterministic id. */
  take(announced: AnnouncedEvent): Promise<void>;
  /** Resolves once every first attempt it started has ended, whatever they came to. */
  settled(): Promise<void>;
  /**
   * After `settled`: throws what the first failed attempt threw; false while a claim still holds a delivery
   * that was there already, whose dispatcher may be making its first attempt: the outbox entry stays for it.
   */
  done(): boolean;
}

/**
 * The outbox's webhook subscriber: turns a commit's announced events into deliveries, so running it twice for
 * the same commit creates nothing twice. Each delivery is created with its attempt 1 claimed, and that attempt
 * is made at once, beside the next creations, rather than queued: a delivered event costs no message, no
 * second read of its delivery and webhook, no claim and no sweep entry of its own (docs/data-model.md,
 * "Webhooks"). The commit's outbox entry is what brings the dispatch back until then, so it is cleared only
 * once every delivery's first attempt is recorded (or handed to a retry's claim, which has a sweep entry). A
 * dispatch that finds a delivery there already (a repeated message, or the sweeper's after a crash) makes its
 * first attempt if that was never recorded and its claim has run out, and otherwise leaves the entry for a
 * later sweep while the claim holds. The workspace's webhooks are read once, and only when `anyAnnounced`.
 */
export async function webhookDeliveries(
  deps: WebhookDeliveriesDeps,
  keys: LinkKeys,
  { workspaceId, runId }: RunEventDispatch,
  { parentRunId }: OutboxJournal,
  anyAnnounced: boolean,
): Promise<WebhookDeliveries> {
  const webhooks = anyAnnounced
    ? (await deps.store.webhooks.list(workspaceId)).filter((webhook) => webhook.isActive)
    : [];
  const attempts: Promise<void>[] = [];
  const failures: unknown[] = [];
  let held = false;
  const settle: Settle = {
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

  return {
    async take({ name, event }) {
      const subscribers = webhooks.filter((webhook) => webhook.events.includes(name));
      if (subscribers.length === 0) return;
      const approvalId = event.payload.approvalRequestId;
      const approval =
        APPROVER_NOTICES.has(event.eventType) && typeof approvalId === "string"
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
    },
    async settled() {
      await Promise.all(attempts);
    },
    done() {
      if (failures.length > 0) throw failures[0];
      return !held;
    },
  };
}

/** What the subscriber does with each delivery of its commit: one it created, one it found already there. */
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
  deps: WebhookDeliveriesDeps,
  { workspaceId, webhookId, id }: Pick<StoredDelivery, "workspaceId" | "webhookId" | "id">,
): Promise<boolean> {
  const delivery = await deps.store.webhookDeliveries.get(workspaceId, webhookId, id);
  if (delivery?.status !== "pending" || delivery.attempts > 0) return true;
  if ((delivery.claimUntilMs ?? 0) > deps.clock.nowMs()) return false;
  await deliverWebhookAttempt(deps, webhookAttempt(delivery, 1));
  return true;
}
