import { linkKeys } from "../approvals/links/link-keys";
import type { RunEventMessage } from "../domain/run-event-messages";
import type { Deps } from "../ports/deps";
import type { RunEventWorkerStore } from "../ports/store";
import { type DeliverDeps, deliverWebhookAttempt } from "../webhooks/deliver";
import { dispatchRunEvents } from "./dispatch";

/**
 * The run-event queue's consumer (SQS subscriber in AWS, the in-process queue locally): an outbox entry's
 * dispatch to its subscribers (dispatch.ts), or a webhook delivery's attempt.
 */
export function createRunEventWorker(
  deps: DeliverDeps & Pick<Deps, "mailer"> & { store: RunEventWorkerStore },
) {
  const keys = linkKeys(deps);
  return async function handleRunEventMessage(message: RunEventMessage): Promise<void> {
    if (message.type === "webhooks.dispatch") await dispatchRunEvents(deps, message, keys);
    else await deliverWebhookAttempt(deps, message);
  };
}
