import { engineFunction } from "./engine-access";
import { webhookQueue } from "./queues";
import { FUNCTIONS } from "./settings";

/** The webhook worker, fed by the webhook queue (infra/queues.ts); failed records are handed back one by one. */
export const webhookWorker = webhookQueue.subscribe(engineFunction(FUNCTIONS.webhooks), {
  batch: { size: FUNCTIONS.webhooks.trigger.batchSize, partialResponses: true },
});
