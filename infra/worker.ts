import { linkOrigin } from "./api";
import { scheduleGroupArn } from "./aws-account";
import { engineFunction } from "./engine-access";
import { operatorPolicy } from "./operator-policy";
import { stepQueue } from "./queues";
import { schedulerTrust } from "./scheduler";
import { providerKeys } from "./secrets";
import { FUNCTIONS } from "./settings";

/**
 * The step worker, fed by the step queue; failed records are handed back one by one (partial batch). It
 * runs the LLM steps, so the server-level provider keys and the rule for who may use them come here.
 * The queue is an SQS fair queue by its messages alone (each names its workspace as MessageGroupId:
 * docs/triggers.md, "Fairness"); batches of up to 10 and no batching window hand a quiet workspace's
 * message to a worker as soon as SQS gives it out, so no event source setting is needed for it.
 */
export const stepWorker = stepQueue.subscribe(
  engineFunction(FUNCTIONS.worker, {
    ...providerKeys,
    SERVER_PROVIDER_KEYS: operatorPolicy.apply((policy) => policy.SERVER_PROVIDER_KEYS),
  }),
  {
    batch: { size: FUNCTIONS.worker.trigger.batchSize, partialResponses: true },
    // No more pollers' invocations than the instances reserved: a throttled one would hand its messages
    // back and spend their receives toward the dead-letter queue.
    transform: {
      eventSourceMapping: { scalingConfig: { maximumConcurrency: FUNCTIONS.worker.reservedConcurrency } },
    },
  },
);

/**
 * Every minute, re-rings runs whose doorbell was lost or whose worker died. Its schedule is in the
 * Scheduler's default group (not the engine's, whose schedules the functions may delete), so its role
 * trusts that group only.
 */
export const sweeper = new sst.aws.CronV2("Sweeper", {
  schedule: FUNCTIONS.sweeper.trigger.schedule,
  // Its outbox sweep dispatches approval.requested deliveries again, with their links.
  function: engineFunction(FUNCTIONS.sweeper, { PUBLIC_URL: linkOrigin }),
  transform: {
    role: {
      assumeRolePolicy: schedulerTrust(scheduleGroupArn("default")),
    },
  },
});
