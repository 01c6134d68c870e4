/**
 * The message attribute that carries a delayed doorbell's DelaySeconds from its sender (sqs-queue.ts) to
 * its receiver (sqs-batch.ts), whose queue-age metric counts from when the message became due. A module of
 * its own so the receiver does not load the SQS client at a cold start.
 */
export const DELAY_ATTRIBUTE = "weft-delay-seconds";
