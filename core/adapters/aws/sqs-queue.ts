import { SendMessageCommand, type SQSClient } from "@aws-sdk/client-sqs";
import type { EngineMessage } from "../../domain/run-messages";
import { MAX_QUEUE_DELAY_MS, type Queue } from "../../ports/queue";
import { DELAY_ATTRIBUTE } from "./sqs-attributes";

export interface SqsQueueOptions {
  client: SQSClient;
  /** The standard (not FIFO) step queue: FIFO queues reject a per-message DelaySeconds. */
  queueUrl: string;
}

/**
 * The step queue on SQS: one SendMessage per doorbell, the delay carried by DelaySeconds. The run-event queue
 * is another instance, typed on its own messages (`SqsQueue<RunEventMessage>`).
 *
 * Every message carries its workspace as its MessageGroupId, which makes the standard queue an SQS fair
 * queue (docs/triggers.md, "Fairness"): once one workspace holds a disproportionate share of the messages
 * in flight, SQS hands the consumers the other workspaces' messages first. On a standard queue the group
 * orders nothing and limits no concurrency (unlike FIFO); it only names the tenant.
 */
export class SqsQueue<M extends { workspaceId: string } = EngineMessage> implements Queue<M> {
  private readonly client: SQSClient;
  private readonly queueUrl: string;

  constructor(options: SqsQueueOptions) {
    this.client = options.client;
    this.queueUrl = options.queueUrl;
  }

  /**
   * Sends `message` as JSON, delivered no earlier than `delayMs` milliseconds from now (0 when absent). SQS
   * counts whole seconds, so the delay is rounded up; a negative delay (a due time already past) sends now.
   *
   * @throws RangeError when `delayMs` is NaN or above MAX_QUEUE_DELAY_MS (900 s): longer waits belong to
   *   the Scheduler. Nothing is sent then.
   * @throws the SDK's error when SQS refuses the message.
   */
  async send(message: M, options: { delayMs?: number } = {}): Promise<void> {
    const delaySeconds = toDelaySeconds(options.delayMs ?? 0);
    await this.client.send(
      new SendMessageCommand({
        QueueUrl: this.queueUrl,
        MessageBody: JSON.stringify(message),
        MessageGroupId: message.workspaceId,
        DelaySeconds: delaySeconds,
        // The receiver's queue-age metric counts from when the message became due, not from when it was sent.
        ...(delaySeconds > 0
          ? {
              MessageAttributes: {
                [DELAY_ATTRIBUTE]: { DataType: "Number", StringValue: String(delaySeconds) },
              },
            }
          : {}),
      }),
    );
  }
}

function toDelaySeconds(delayMs: number): number {
  if (Number.isNaN(delayMs) || delayMs > MAX_QUEUE_DELAY_MS) {
    throw new RangeError(
      `delayMs must be at most ${MAX_QUEUE_DELAY_MS} (the SQS DelaySeconds limit), got ${delayMs}; use the Scheduler`,
    );
  }
  // Up, not to nearest: the port promises delivery after the delay, never before it.
  return Math.max(0, Math.ceil(delayMs / 1000));
}
