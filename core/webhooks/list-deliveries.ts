import { NotFoundError } from "../domain/errors";
import type { WebhookDelivery } from "../domain/webhook";
import type { Deps } from "../ports/deps";

/**
 * A page of one webhook's delivery log, newest first. `total` is the webhook's delivery counter, moved in the
 * transaction that creates each delivery; a page past the end reads nothing.
 */
export async function listWebhookDeliveries(
  deps: Pick<Deps, "store">,
  workspaceId: string,
  webhookId: string,
  page: number,
  pageSize: number,
): Promise<{ items: WebhookDelivery[]; total: number }> {
  const webhook = await deps.store.webhooks.get(workspaceId, webhookId);
  if (!webhook) throw new NotFoundError("Webhook");
  const offset = (page - 1) * pageSize;
  const total = webhook.deliveryCount;
  if (offset >= total) return { items: [], total };
  const items = await deps.store.webhookDeliveries.page(workspaceId, webhookId, offset, pageSize);
  return { items, total };
}
