import type { WebhookMessage } from "../domain/webhook-messages";
import { type DeliverDeps, deliverWebhookAttempt } from "./deliver";
import { dispatchWebhookEvents } from "./dispatch";

/** The webhook queue's consumer (SQS subscriber in AWS, the in-process queue locally). */
export function createWebhookWorker(deps: DeliverDeps) {
  return async function handleWebhookMessage(message: WebhookMessage): Promise<void> {
    if (message.type === "webhooks.dispatch") await dispatchWebhookEvents(deps, message);
    else await deliverWebhookAttempt(deps, message);
  };
}
