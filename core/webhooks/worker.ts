import { linkKeys } from "../approvals/links/link-keys";
import type { WebhookMessage } from "../domain/webhook-messages";
import type { Deps } from "../ports/deps";
import type { WebhookWorkerStore } from "../ports/store";
import { type DeliverDeps, deliverWebhookAttempt } from "./deliver";
import { dispatchWebhookEvents } from "./dispatch";

/**
 * The webhook queue's consumer (SQS subscriber in AWS, the in-process queue locally). Dispatching an outbox
 * entry also mails approval requests' assignees when the service has a mailer.
 */
export function createWebhookWorker(
  deps: DeliverDeps & Pick<Deps, "mailer"> & { store: WebhookWorkerStore },
) {
  const keys = linkKeys(deps);
  return async function handleWebhookMessage(message: WebhookMessage): Promise<void> {
    if (message.type === "webhooks.dispatch") await dispatchWebhookEvents(deps, message, keys);
    else await deliverWebhookAttempt(deps, message);
  };
}
