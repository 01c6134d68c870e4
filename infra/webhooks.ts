import { linkOrigin } from "./api";
import { engineFunction } from "./engine-access";
import { operatorPolicy } from "./operator-policy";
import { webhookQueue } from "./queues";
import { mail } from "./secrets";
import { FUNCTIONS } from "./settings";
import { thisStage } from "./this-stage";

/**
 * The webhook worker, fed by the webhook queue (infra/queues.ts); failed records are handed back one by one.
 * Dispatching an outbox entry also mails approval requests' assignees, whose links point at PUBLIC_URL
 * (infra/api.ts, linkOrigin), under the stage's mail policy and quotas (docs/operator-policy.md,
 * "Approval mail").
 */
export const webhookWorker = webhookQueue.subscribe(
  engineFunction(FUNCTIONS.webhooks, {
    ...mail,
    PUBLIC_URL: linkOrigin,
    APPROVAL_MAIL: operatorPolicy.apply((policy) => policy.APPROVAL_MAIL),
    MAIL_RECIPIENTS: operatorPolicy.apply((policy) => policy.MAIL_RECIPIENTS),
    ...thisStage.quotas,
  }),
  { batch: { size: FUNCTIONS.webhooks.trigger.batchSize, partialResponses: true } },
);
