import { QUEUES } from "./settings";

/**
 * The step queue and its dead-letter queue. Messages are doorbells; one that keeps failing (a poison
 * message) moves to the DLQ after a few receives, while the run itself is re-driven by the sweeper.
 */
export const stepDlq = new sst.aws.Queue("StepDlq");

export const stepQueue = new sst.aws.Queue("StepQueue", {
  visibilityTimeout: `${QUEUES.step.visibilityTimeoutSeconds} seconds`,
  dlq: { queue: stepDlq.arn, retry: QUEUES.step.maxReceiveCount },
});
