import { createHash } from "node:crypto";

/**
 * A delivery's id is derived from what it delivers, so a repeated dispatch derives the same id and its
 * conditional put creates nothing twice: the run event's ULID (time-ordered, so the log sorts newest first
 * by key) followed by a hash of the webhook id (one event goes to several webhooks; each delivery id is
 * unique, which receivers rely on when they use `X-Webhook-Delivery` to drop repeats).
 */
export function deliveryIdFor(eventId: string, webhookId: string): string {
  const eventPart = eventId.replace(/^evt_/, "");
  const webhookPart = createHash("sha256").update(webhookId).digest("hex").slice(0, 8);
  return `dlv_${eventPart}${webhookPart}`;
}
