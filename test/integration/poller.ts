import {
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  type SQSClient,
} from "@aws-sdk/client-sqs";
import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import { sqsRecord } from "./lambda-events";

/**
 * What Lambda's SQS event source mapping does for a function, in a test process: receive up to `batchSize`
 * messages, invoke the handler with them as one SQS event, delete those it did not report as failed
 * (ReportBatchItemFailures). A failed record, or every record of an invocation that threw, stays in the
 * queue and comes back after the visibility timeout; after maxReceiveCount the queue moves it to its DLQ.
 * Delays are the queue's own (DelaySeconds): the poller only receives what is visible.
 */
export interface QueueSubscription {
  name: string;
  queue: { url: string; arn: string };
  batchSize: number;
  handler: (event: SQSEvent) => Promise<SQSBatchResponse>;
}

export interface Invocation {
  queue: string;
  records: number;
  failed: number;
  threw: boolean;
}

export interface Poller {
  /** Every handler invocation so far, in order. */
  readonly invocations: Invocation[];
  /**
   * Resolves once every queue is empty (nothing visible, in flight or delayed) and no handler runs, for a
   * few checks in a row; fails after `timeoutMs`.
   */
  settled(timeoutMs?: number): Promise<void>;
  /** Stops receiving and waits for the invocations in flight. */
  stop(): Promise<void>;
}

export function startPoller(options: {
  sqs: SQSClient;
  region: string;
  subscriptions: QueueSubscription[];
  /** SQS long polling; 0 with a short sleep between empty receives for the local stand-in. */
  waitTimeSeconds: number;
  /** Called on every idle turn: the due schedules are fired here (by the stand-in, or on an endpoint). */
  onIdle?: () => unknown;
  log?: (message: string) => void;
}): Poller {
  const { sqs, region } = options;
  const invocations: Invocation[] = [];
  let stopping = false;
  let busy = 0;

  async function pollOnce(subscription: QueueSubscription): Promise<boolean> {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: subscription.queue.url,
        MaxNumberOfMessages: subscription.batchSize,
        WaitTimeSeconds: options.waitTimeSeconds,
        MessageSystemAttributeNames: ["All"],
      }),
    );
    if (Messages.length === 0) return false;
    busy += 1;
    try {
      const event: SQSEvent = { Records: Messages.map((m) => sqsRecord(m, subscription.queue, region)) };
      let failedIds: Set<string>;
      let threw = false;
      try {
        const response = await subscription.handler(event);
        failedIds = new Set(response.batchItemFailures.map((failure) => failure.itemIdentifier));
      } catch (error) {
        // Lambda counts an invocation that throws as a failure of the whole batch.
        threw = true;
        failedIds = new Set(Messages.map((message) => message.MessageId ?? ""));
        options.log?.(`${subscription.name} handler threw: ${String(error)}`);
      }
      invocations.push({ queue: subscription.name, records: Messages.length, failed: failedIds.size, threw });
      const done = Messages.filter((message) => !failedIds.has(message.MessageId ?? ""));
      if (done.length > 0) {
        await sqs.send(
          new DeleteMessageBatchCommand({
            QueueUrl: subscription.queue.url,
            Entries: done.map((message, index) => ({
              Id: String(index),
              ReceiptHandle: message.ReceiptHandle,
            })),
          }),
        );
      }
      return true;
    } finally {
      busy -= 1;
    }
  }

  async function loop(subscription: QueueSubscription): Promise<void> {
    while (!stopping) {
      let worked = false;
      try {
        worked = await pollOnce(subscription);
      } catch (error) {
        options.log?.(`polling ${subscription.name} failed: ${String(error)}`);
      }
      if (!worked) {
        try {
          await options.onIdle?.();
        } catch (error) {
          options.log?.(`firing due schedules failed: ${String(error)}`);
        }
        if (options.waitTimeSeconds === 0) await sleep(20);
      }
    }
  }

  const loops = options.subscriptions.map((subscription) => loop(subscription));

  async function queuesEmpty(): Promise<boolean> {
    for (const { queue } of options.subscriptions) {
      const { Attributes = {} } = await sqs.send(
        new GetQueueAttributesCommand({
          QueueUrl: queue.url,
          AttributeNames: [
            "ApproximateNumberOfMessages",
            "ApproximateNumberOfMessagesNotVisible",
            "ApproximateNumberOfMessagesDelayed",
          ],
        }),
      );
      const total =
        Number(Attributes.ApproximateNumberOfMessages ?? 0) +
        Number(Attributes.ApproximateNumberOfMessagesNotVisible ?? 0) +
        Number(Attributes.ApproximateNumberOfMessagesDelayed ?? 0);
      if (total > 0) return false;
    }
    return busy === 0;
  }

  return {
    invocations,
    async settled(timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      let quietChecks = 0;
      while (quietChecks < 3) {
        if (Date.now() > deadline) throw new Error(`the queues did not settle within ${timeoutMs} ms`);
        quietChecks = (await queuesEmpty()) ? quietChecks + 1 : 0;
        await sleep(100);
      }
    },
    async stop() {
      stopping = true;
      await Promise.all(loops);
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
