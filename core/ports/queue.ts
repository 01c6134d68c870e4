import type { EngineMessage } from "../domain/run-messages";

/**
 * The step queue: at-least-once delivery of doorbells, possibly late, possibly twice. SQS in AWS, an
 * in-process queue locally. The run-event queue has the same guarantees for RunEventMessage (`Queue<M>`).
 */
export interface Queue<M = EngineMessage> {
  /**
   * Delivers the message after `delayMs` (0 by default). Delays up to 15 minutes are what SQS can carry;
   * longer ones belong to the Scheduler.
   */
  send(message: M, options?: { delayMs?: number }): Promise<void>;
}

/** SQS's DelaySeconds limit. */
export const MAX_QUEUE_DELAY_MS = 15 * 60 * 1000;
