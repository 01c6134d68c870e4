import { createHash } from "node:crypto";
import {
  DeleteMessageBatchCommand,
  type DeleteMessageBatchCommandInput,
  GetQueueAttributesCommand,
  type GetQueueAttributesCommandInput,
  QueueDoesNotExist,
  ReceiveMessageCommand,
  type ReceiveMessageCommandInput,
  SendMessageCommand,
  type SendMessageCommandInput,
  SQSClient,
} from "@aws-sdk/client-sqs";
import { mockClient } from "aws-sdk-client-mock";
import { credentials, metadata } from "./local-account";
import { LocalQueue, type QueueOptions } from "./local-queue";

/** The SQS stand-in (local-aws.ts): its queues, by URL and by ARN, and the SQS clients they serve. */
export class LocalSqs {
  private readonly queues = new Map<string, LocalQueue>();

  constructor(
    private readonly region: string,
    private readonly now: () => number,
  ) {}

  createQueue(name: string, options: QueueOptions): LocalQueue {
    const queue = new LocalQueue(name, this.region, options);
    this.queues.set(queue.url, queue);
    this.queues.set(queue.arn, queue);
    return queue;
  }

  /** A new SQS client, as a Lambda instance would make one, served by these queues. */
  sqsClient(): SQSClient {
    const client = new SQSClient({ region: this.region, credentials });
    const stub = mockClient(client);
    stub.on(SendMessageCommand).callsFake((input: SendMessageCommandInput) => {
      const body = input.MessageBody ?? "";
      const queue = this.queueAt(input.QueueUrl);
      const messageId = queue.send(body, input.DelaySeconds ?? 0, this.now(), input.MessageGroupId);
      return { MessageId: messageId, MD5OfMessageBody: md5(body), ...metadata };
    });
    stub.on(ReceiveMessageCommand).callsFake((input: ReceiveMessageCommandInput) => {
      const received = this.queueAt(input.QueueUrl).receive(input.MaxNumberOfMessages ?? 1, this.now());
      return {
        Messages: received.map((message) => ({
          MessageId: message.messageId,
          ReceiptHandle: message.receiptHandle,
          Body: message.body,
          MD5OfBody: md5(message.body),
          Attributes: {
            ApproximateReceiveCount: String(message.receiveCount),
            SentTimestamp: String(message.sentAtMs),
            ApproximateFirstReceiveTimestamp: String(message.firstReceiveAtMs ?? message.sentAtMs),
            SenderId: "AIDALOCALSTANDIN",
          },
        })),
        ...metadata,
      };
    });
    stub.on(DeleteMessageBatchCommand).callsFake((input: DeleteMessageBatchCommandInput) => {
      const queue = this.queueAt(input.QueueUrl);
      const entries = input.Entries ?? [];
      return {
        Successful: entries
          .filter((entry) => queue.delete(entry.ReceiptHandle ?? ""))
          .map(({ Id }) => ({ Id })),
        Failed: [],
        ...metadata,
      };
    });
    stub.on(GetQueueAttributesCommand).callsFake((input: GetQueueAttributesCommandInput) => {
      const queue = this.queueAt(input.QueueUrl);
      const counts = queue.counts(this.now());
      return {
        Attributes: {
          QueueArn: queue.arn,
          ApproximateNumberOfMessages: String(counts.visible),
          ApproximateNumberOfMessagesNotVisible: String(counts.notVisible),
          ApproximateNumberOfMessagesDelayed: String(counts.delayed),
        },
        ...metadata,
      };
    });
    return client;
  }

  queueAt(urlOrArn: string | undefined): LocalQueue {
    const queue = urlOrArn === undefined ? undefined : this.queues.get(urlOrArn);
    if (!queue) throw new QueueDoesNotExist({ message: `No queue ${urlOrArn}`, ...metadata });
    return queue;
  }
}

function md5(text: string): string {
  return createHash("md5").update(text, "utf8").digest("hex");
}
