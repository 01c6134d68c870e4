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
export const WEBHOOK_WORKER_TIMEOUT_SECONDS = 60;

export const webhookDlq = new sst.aws.Queue("WebhookDlq");

export const webhookQueue = new sst.aws.Queue("WebhookQueue", {
  visibilityTimeout: `${WEBHOOK_WORKER_TIMEOUT_SECONDS * 6} seconds`,
  dlq: { queue: webhookDlq.arn, retry: 5 },
});

export async function subscribeWebhookWorker() {
  const { engineEnvironment, engineLinks, enginePermissions } = await import("./engine-access");
  return webhookQueue.subscribe(
    {
      handler: "functions/webhooks.handler",
      runtime: "nodejs22.x",
      architecture: "arm64",
      memory: "256 MB",
      timeout: `${WEBHOOK_WORKER_TIMEOUT_SECONDS} seconds`,
      link: engineLinks,
      environment: engineEnvironment,
      permissions: enginePermissions,
    },
    { batch: { size: 10, partialResponses: true } },
  );
}
