/**
 * The step queue and its dead-letter queue. Messages are doorbells; one that keeps failing (a poison
 * message) moves to the DLQ after a few receives, while the run itself is re-driven by the sweeper.
 * Visibility is six times the worker's timeout, as AWS advises for SQS event sources.
 */
export const WORKER_TIMEOUT_SECONDS = 300;

export const stepDlq = new sst.aws.Queue("StepDlq");

export const stepQueue = new sst.aws.Queue("StepQueue", {
  visibilityTimeout: `${WORKER_TIMEOUT_SECONDS * 6} seconds`,
  dlq: { queue: stepDlq.arn, retry: 5 },
});
