import { randomBytes, randomUUID } from "node:crypto";
import { ACCOUNT } from "./local-account";

interface StoredMessage {
  messageId: string;
  body: string;
  sentAtMs: number;
  visibleAtMs: number;
  receiveCount: number;
  firstReceiveAtMs?: number;
  receiptHandle?: string;
}

export interface QueueOptions {
  visibilityTimeoutSeconds: number;
  maxReceiveCount?: number;
  dlq?: LocalQueue;
}

/**
 * One SQS queue of the stand-in (local-aws.ts), modelling what the service relies on: DelaySeconds,
 * visibility timeout, receive counts, redrive to a DLQ after maxReceiveCount.
 */
export class LocalQueue {
  readonly url: string;
  readonly arn: string;
  /** Every SendMessage, in order: what the service asked for, before any delivery. */
  readonly sends: { body: string; delaySeconds: number; groupId?: string }[] = [];
  private messages: StoredMessage[] = [];

  constructor(
    readonly name: string,
    region: string,
    private readonly options: QueueOptions,
  ) {
    this.url = `https://sqs.${region}.amazonaws.com/${ACCOUNT}/${name}`;
    this.arn = `arn:aws:sqs:${region}:${ACCOUNT}:${name}`;
  }

  /** `groupId`: the MessageGroupId, which names the message's tenant on a standard (fair) queue. */
  send(body: string, delaySeconds: number, nowMs: number, groupId?: string): string {
    const messageId = randomUUID();
    this.sends.push({ body, delaySeconds, ...(groupId === undefined ? {} : { groupId }) });
    this.messages.push({
      messageId,
      body,
      sentAtMs: nowMs,
      visibleAtMs: nowMs + delaySeconds * 1000,
      receiveCount: 0,
    });
    return messageId;
  }

  receive(max: number, nowMs: number): StoredMessage[] {
    const received: StoredMessage[] = [];
    for (const message of [...this.messages]) {
      if (received.length >= max) break;
      if (message.visibleAtMs > nowMs) continue;
      const { maxReceiveCount, dlq } = this.options;
      if (dlq && maxReceiveCount !== undefined && message.receiveCount >= maxReceiveCount) {
        // SQS moves a message that has used up its receives when it would be received once more.
        this.messages = this.messages.filter((candidate) => candidate !== message);
        dlq.send(message.body, 0, nowMs);
        continue;
      }
      message.receiveCount += 1;
      message.firstReceiveAtMs ??= nowMs;
      message.receiptHandle = randomBytes(12).toString("hex");
      message.visibleAtMs = nowMs + this.options.visibilityTimeoutSeconds * 1000;
      received.push({ ...message });
    }
    return received;
  }

  delete(receiptHandle: string): boolean {
    const before = this.messages.length;
    this.messages = this.messages.filter((message) => message.receiptHandle !== receiptHandle);
    return this.messages.length < before;
  }

  counts(nowMs: number): { visible: number; notVisible: number; delayed: number } {
    let visible = 0;
    let notVisible = 0;
    let delayed = 0;
    for (const message of this.messages) {
      if (message.visibleAtMs <= nowMs) visible += 1;
      else if (message.receiveCount === 0) delayed += 1;
      else notVisible += 1;
    }
    return { visible, notVisible, delayed };
  }
}
