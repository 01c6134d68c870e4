/**
 * What travels on the webhook queue: ids only, never a body or a secret. Like the engine's doorbells they are
 * hints: the store says what is still to do, so a message that arrives twice or late does nothing twice.
 *
 * - dispatch: "this run commit announced webhook events": create its deliveries.
 * - deliver: "make attempt `attempt` of this delivery", unless it was made already.
 */
export interface WebhookDispatch {
  type: "webhooks.dispatch";
  workspaceId: string;
  runId: string;
  /** The commit's outbox entry (RunCommit.outboxSeq). */
  journalSeq: number;
}

export interface WebhookAttempt {
  type: "webhooks.deliver";
  workspaceId: string;
  webhookId: string;
  deliveryId: string;
  attempt: number;
}

export type WebhookMessage = WebhookDispatch | WebhookAttempt;

export function webhookDispatch(workspaceId: string, runId: string, journalSeq: number): WebhookDispatch {
  return { type: "webhooks.dispatch", workspaceId, runId, journalSeq };
}

export function webhookAttempt(
  delivery: { workspaceId: string; webhookId: string; id: string },
  attempt: number,
): WebhookAttempt {
  return {
    type: "webhooks.deliver",
    workspaceId: delivery.workspaceId,
    webhookId: delivery.webhookId,
    deliveryId: delivery.id,
    attempt,
  };
}

/** The in-process queue coalesces messages with one key: one dispatch per commit, one per attempt. */
export function webhookMessageKey(message: WebhookMessage): string {
  return message.type === "webhooks.dispatch"
    ? `dispatch/${message.workspaceId}/${message.runId}/${message.journalSeq}`
    : `deliver/${message.workspaceId}/${message.deliveryId}/${message.attempt}`;
}
