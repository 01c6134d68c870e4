import { DEAD_LETTER_RETENTION_SECONDS, QUEUES, type QueueName } from "./settings";

/**
 * The step queue and the run-event queue, each with its dead-letter queue. A step message is a doorbell;
 * one that keeps failing (a poison message) moves to the DLQ after a few receives, while the run itself
 * is re-driven by the sweeper. The run-event queue carries the outbox's dispatches and webhook delivery
 * attempts, apart from the steps, so a slow or failing receiver or mail server never delays a run; a
 * receiver's failures are retried as new delayed messages recorded on the delivery, not as redeliveries, so
 * only a record that fails itself (DynamoDB or KMS unavailable) reaches its DLQ, and the sweeper re-sends what
 * is overdue.
 */
function queueWithDeadLetters(name: string, queue: QueueName) {
  const deadLetters = new sst.aws.Queue(`${name}Dlq`, {
    transform: { queue: { messageRetentionSeconds: DEAD_LETTER_RETENTION_SECONDS } },
  });
  const main = new sst.aws.Queue(`${name}Queue`, {
    visibilityTimeout: `${QUEUES[queue].visibilityTimeoutSeconds} seconds`,
    dlq: { queue: deadLetters.arn, retry: QUEUES[queue].maxReceiveCount },
  });
  return { queue: main, deadLetters };
}

const step = queueWithDeadLetters("Step", "step");
const runEvent = queueWithDeadLetters("RunEvent", "runEvent");

export const stepQueue = step.queue;
export const runEventQueue = runEvent.queue;

/** Watched by infra/alarms.ts: how old their oldest message is, and how many wait ready. */
export const workQueues: Record<QueueName, sst.aws.Queue> = { step: step.queue, runEvent: runEvent.queue };

/** Watched by infra/alarms.ts: a message here has failed every receive and waits for an operator. */
export const deadLetterQueues: Record<QueueName, sst.aws.Queue> = {
  step: step.deadLetters,
  runEvent: runEvent.deadLetters,
};
