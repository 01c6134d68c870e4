import { linkOrigin } from "./api";
import { engineFunction } from "./engine-access";
import { webhookQueue } from "./queues";
import { mail } from "./secrets";
import { FUNCTIONS } from "./settings";

/**
 * The webhook worker, fed by the webhook queue (infra/queues.ts); failed records are handed back one by one.
 * Dispatching an outbox entry also mails approval requests' assignees, whose links point at PUBLIC_URL
 * (infra/api.ts, linkOrigin).
 */
export const webhookWorker = webhookQueue.subscribe(
  engineFunction(FUNCTIONS.webhooks, { ...mail, PUBLIC_URL: linkOrigin }),
  { batch: { size: FUNCTIONS.webhooks.trigger.batchSize, partialResponses: true } },
);
