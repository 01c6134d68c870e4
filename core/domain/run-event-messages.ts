/**
 * What travels on the run-event queue: ids only, never a body or a secret. Like the engine's doorbells they
 * are hints: the store says what is still to do, so a message that arrives twice or late does nothing twice.
 *
 * - dispatch: "this run commit announced events": hand them to approver mail and webhook deliveries.
 * - deliver: "make attempt `attempt` of this webhook delivery", unless it was made already.
 *
 * The types keep the names they had when webhooks were the queue's one reader: they are the wire format, so
 * a message of the previous deploy's queue (docs/deploy.md) reads the same.
 */
export interface RunEventDispatch {
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

export type RunEventMessage = RunEventDispatch | WebhookAttempt;

export function runEventDispatch(workspaceId: string, runId: string, journalSeq: number): RunEventDispatch {
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
export function runEventMessageKey(message: RunEventMessage): string {
  return message.type === "webhooks.dispatch"
    ? `dispatch/${message.workspaceId}/${message.runId}/${message.journalSeq}`
    : `deliver/${message.workspaceId}/${message.deliveryId}/${message.attempt}`;
}
