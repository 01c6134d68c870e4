import { linkOrigin } from "./api";
import { engineFunction } from "./engine-access";
import { operatorPolicy } from "./operator-policy";
import { runEventQueue } from "./queues";
import { mail } from "./secrets";
import { FUNCTIONS } from "./settings";
import { thisStage } from "./this-stage";

/**
 * The run-event worker, fed by the run-event queue (infra/queues.ts); failed records are handed back one by
 * one. It dispatches the outbox's entries to their two subscribers, webhook deliveries and approver mail,
 * and makes webhook delivery attempts. The mails' links point at PUBLIC_URL
 * (infra/api.ts, linkOrigin), under the stage's mail policy and quotas (docs/operator-policy.md,
 * "Approval mail").
 */
export const runEventWorker = runEventQueue.subscribe(
  engineFunction(FUNCTIONS.runEvents, {
    ...mail,
    PUBLIC_URL: linkOrigin,
    APPROVAL_MAIL: operatorPolicy.apply((policy) => policy.APPROVAL_MAIL),
    MAIL_RECIPIENTS: operatorPolicy.apply((policy) => policy.MAIL_RECIPIENTS),
    ...thisStage.quotas,
  }),
  { batch: { size: FUNCTIONS.runEvents.trigger.batchSize, partialResponses: true } },
);
