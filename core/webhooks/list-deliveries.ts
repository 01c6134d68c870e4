import { NotFoundError } from "../domain/errors";
import type { WebhookDelivery } from "../domain/webhook";
import type { Deps } from "../ports/deps";

/**
 * A page of one webhook's delivery log, newest first. `total` counts the webhook's deliveries exactly (each
 * is numbered at creation); the page reads the same whatever its number, and a page past the end reads none.
 */
export async function listWebhookDeliveries(
  deps: Pick<Deps, "store">,
  workspaceId: string,
  webhookId: string,
  page: number,
  pageSize: number,
): Promise<{ items: WebhookDelivery[]; total: number }> {
  const log = await deps.store.webhookDeliveries.page(
    workspaceId,
    webhookId,
    (page - 1) * pageSize,
    pageSize,
  );
  if (!log) throw new NotFoundError("Webhook");
  return log;
}
