import { FUNCTIONS, QUEUES } from "./settings";

/**
 * Webhook delivery: its own queue (dispatches and delivery attempts), a dead-letter queue, and the webhook
 * worker subscribed to it. Separate from the step queue, so a slow or failing receiver never delays a run.
 * Retries of a receiver's failures are not SQS redeliveries: each attempt is recorded on its delivery and
 * the next one is a new delayed message (5 s, then 30 s). A record that fails itself (DynamoDB or KMS
 * unavailable) is redelivered and lands in the DLQ after five receives; the sweeper re-sends what is overdue.
 *
 * The queue is declared at load time, because infra/engine-access.ts hands its URL to every function (the
 * API and the step worker send dispatches); the worker is subscribed by `subscribeWebhookWorker()`, once
 * engine-access exists, which keeps the two modules free of an import cycle.
 */
export const webhookDlq = new sst.aws.Queue("WebhookDlq");

export const webhookQueue = new sst.aws.Queue("WebhookQueue", {
  visibilityTimeout: `${QUEUES.webhook.visibilityTimeoutSeconds} seconds`,
  dlq: { queue: webhookDlq.arn, retry: QUEUES.webhook.maxReceiveCount },
});

export async function subscribeWebhookWorker() {
  const { engineFunction } = await import("./engine-access");
  return webhookQueue.subscribe(engineFunction(FUNCTIONS.webhooks), {
    batch: { size: FUNCTIONS.webhooks.trigger.batchSize, partialResponses: true },
  });
}
