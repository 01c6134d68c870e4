import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  DecryptCommand,
  type DecryptCommandInput,
  GenerateDataKeyCommand,
  type GenerateDataKeyCommandInput,
  InvalidCiphertextException,
  KMSClient,
  NotFoundException,
} from "@aws-sdk/client-kms";
import {
  ConflictException,
  CreateScheduleCommand,
  type CreateScheduleCommandInput,
  DeleteScheduleCommand,
  type DeleteScheduleCommandInput,
  ResourceNotFoundException,
  SchedulerClient,
} from "@aws-sdk/client-scheduler";
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
import { AesKeyVault } from "../../core/adapters/local/aes-key-vault";
import { nextSchedulerFire, parseSchedulerCron, type SchedulerCron } from "./scheduler-cron";

/**
 * Stand-ins for SQS, EventBridge Scheduler and KMS when no AWS endpoint is available. They sit behind the
 * SDK clients (aws-sdk-client-mock on one client instance at a time), so the real adapters (SqsQueue,
 * EventBridgeScheduler, KmsKeyVault) and the harness's SQS poller run unchanged: only the service on the
 * other side of `client.send` is local. What they model, because the service relies on it:
 * - SQS: DelaySeconds, visibility timeout, receive counts, redrive to a DLQ after maxReceiveCount.
 * - Scheduler: schedules unique by group and name (ConflictException on a second create,
 *   ResourceNotFoundException on deleting a missing one): one-shot `at()` schedules, fired to their queue
 *   when due and then deleted; recurring `cron()` schedules in their time zone (scheduler-cron.ts), fired at
 *   each fire time with `<aws.scheduler.scheduled-time>` in their input replaced by it, until deleted.
 * - KMS: GenerateDataKey and Decrypt with the encryption context bound to the data key (a wrong context
 *   fails to decrypt, as in KMS).
 */

const ACCOUNT = "000000000000";
const credentials = { accessKeyId: "local", secretAccessKey: "local" };
const metadata = { $metadata: {} };

interface StoredMessage {
  messageId: string;
  body: string;
  sentAtMs: number;
  visibleAtMs: number;
  receiveCount: number;
  firstReceiveAtMs?: number;
  receiptHandle?: string;
}

export class LocalQueue {
  readonly url: string;
  readonly arn: string;
  /** Every SendMessage, in order: what the service asked for, before any delivery. */
  readonly sends: { body: string; delaySeconds: number; groupId?: string }[] = [];
  private messages: StoredMessage[] = [];

  constructor(
    readonly name: string,
    region: string,
    private readonly options: {
      visibilityTimeoutSeconds: number;
      maxReceiveCount?: number;
      dlq?: LocalQueue;
    },
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

export interface StoredSchedule {
  group: string;
  name: string;
  /** The next fire time: a one-shot's only one, a recurring schedule's next (none: it never fires again). */
  atMs: number | undefined;
  /** A recurring schedule's expression and zone; absent for a one-shot `at()`. */
  cron?: SchedulerCron;
  actionAfterCompletion: string | undefined;
  targetArn: string;
  input: string;
}

/** What EventBridge Scheduler puts in a target's input for the invocation's scheduled time. */
const SCHEDULED_TIME = "<aws.scheduler.scheduled-time>";

export class LocalAws {
  private readonly queues = new Map<string, LocalQueue>();
  private readonly schedules = new Map<string, StoredSchedule>();
  private readonly keyIds = new Set<string>();
  /** The key every data key is wrapped with, per stand-in: data keys never leave it in the clear. */
  private readonly wrapping = new AesKeyVault(randomBytes(32));
  /** Every schedule created and deleted, by name, in order (deletions by the service after firing too). */
  readonly scheduleLog: { action: "create" | "delete" | "fire"; name: string }[] = [];
  readonly kmsCalls = { GenerateDataKey: 0, Decrypt: 0 };

  constructor(
    readonly region: string,
    private readonly now: () => number = Date.now,
  ) {}

  createQueue(
    name: string,
    options: { visibilityTimeoutSeconds: number; maxReceiveCount?: number; dlq?: LocalQueue },
  ): LocalQueue {
    const queue = new LocalQueue(name, this.region, options);
    this.queues.set(queue.url, queue);
    this.queues.set(queue.arn, queue);
    return queue;
  }

  createKey(): string {
    const keyId = `arn:aws:kms:${this.region}:${ACCOUNT}:key/${randomUUID()}`;
    this.keyIds.add(keyId);
    return keyId;
  }

  pendingSchedules(): string[] {
    return [...this.schedules.values()].map((schedule) => schedule.name);
  }

  /** The schedule `name` (as the adapter named it) as it stands, in any group. */
  scheduleNamed(name: string): StoredSchedule | undefined {
    return [...this.schedules.values()].find((schedule) => schedule.name === name);
  }

  /**
   * What EventBridge Scheduler does by itself: sends each due schedule's input to its queue; a one-shot is
   * then deleted, a recurring one waits for its next fire time (a fire time missed while nothing called
   * this is sent once, late, as a delayed invocation would be).
   */
  fireDueSchedules(): number {
    const nowMs = this.now();
    let fired = 0;
    for (const [key, schedule] of this.schedules) {
      if (schedule.atMs === undefined || schedule.atMs > nowMs) continue;
      const scheduledTime = new Date(schedule.atMs).toISOString().replace(/\.000Z$/, "Z");
      this.queueAt(schedule.targetArn).send(
        schedule.input.replaceAll(SCHEDULED_TIME, scheduledTime),
        0,
        nowMs,
      );
      this.scheduleLog.push({ action: "fire", name: schedule.name });
      fired += 1;
      if (schedule.cron) schedule.atMs = nextSchedulerFire(schedule.cron, nowMs);
      else this.schedules.delete(key);
    }
    return fired;
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

  schedulerClient(): SchedulerClient {
    const client = new SchedulerClient({ region: this.region, credentials });
    const stub = mockClient(client);
    stub.on(CreateScheduleCommand).callsFake((input: CreateScheduleCommandInput) => {
      const key = `${input.GroupName ?? "default"}/${input.Name}`;
      if (this.schedules.has(key)) {
        const message = `Schedule ${input.Name} already exists.`;
        throw new ConflictException({ message, Message: message, ...metadata });
      }
      const target = input.Target;
      if (!target?.Arn || !target.RoleArn || !input.Name)
        throw new Error("CreateSchedule needs a name, target and role");
      this.queueAt(target.Arn); // the target must exist
      const expression = input.ScheduleExpression ?? "";
      const recurring = expression.startsWith("cron(")
        ? parseSchedulerCron(expression, input.ScheduleExpressionTimezone ?? "UTC")
        : undefined;
      this.schedules.set(key, {
        group: input.GroupName ?? "default",
        name: input.Name,
        atMs: recurring ? nextSchedulerFire(recurring, this.now()) : parseAt(expression),
        ...(recurring ? { cron: recurring } : {}),
        actionAfterCompletion: input.ActionAfterCompletion,
        targetArn: target.Arn,
        input: target.Input ?? "",
      });
      this.scheduleLog.push({ action: "create", name: input.Name });
      return { ScheduleArn: `arn:aws:scheduler:${this.region}:${ACCOUNT}:schedule/${key}`, ...metadata };
    });
    stub.on(DeleteScheduleCommand).callsFake((input: DeleteScheduleCommandInput) => {
      const key = `${input.GroupName ?? "default"}/${input.Name}`;
      if (!this.schedules.delete(key)) {
        const message = `Schedule ${input.Name} does not exist.`;
        throw new ResourceNotFoundException({ message, Message: message, ...metadata });
      }
      this.scheduleLog.push({ action: "delete", name: input.Name ?? "" });
      return metadata;
    });
    return client;
  }

  kmsClient(): KMSClient {
    const client = new KMSClient({ region: this.region, credentials });
    const stub = mockClient(client);
    stub.on(GenerateDataKeyCommand).callsFake(async (input: GenerateDataKeyCommandInput) => {
      this.kmsCalls.GenerateDataKey += 1;
      this.key(input.KeyId);
      const plaintext = randomBytes(32);
      const wrapped = await this.wrapping.encrypt(
        plaintext.toString("base64"),
        input.EncryptionContext ?? {},
      );
      return {
        KeyId: input.KeyId,
        Plaintext: new Uint8Array(plaintext),
        CiphertextBlob: new Uint8Array(Buffer.from(wrapped, "utf8")),
        ...metadata,
      };
    });
    stub.on(DecryptCommand).callsFake(async (input: DecryptCommandInput) => {
      this.kmsCalls.Decrypt += 1;
      if (input.KeyId !== undefined) this.key(input.KeyId);
      let plaintext: string;
      try {
        const wrapped = Buffer.from(input.CiphertextBlob ?? new Uint8Array()).toString("utf8");
        plaintext = await this.wrapping.decrypt(wrapped, input.EncryptionContext ?? {});
      } catch {
        throw new InvalidCiphertextException({
          message: "Invalid ciphertext or encryption context",
          ...metadata,
        });
      }
      return { KeyId: input.KeyId, Plaintext: new Uint8Array(Buffer.from(plaintext, "base64")), ...metadata };
    });
    return client;
  }

  queueAt(urlOrArn: string | undefined): LocalQueue {
    const queue = urlOrArn === undefined ? undefined : this.queues.get(urlOrArn);
    if (!queue) throw new QueueDoesNotExist({ message: `No queue ${urlOrArn}`, ...metadata });
    return queue;
  }

  private key(keyId: string | undefined): void {
    if (keyId === undefined || !this.keyIds.has(keyId)) {
      throw new NotFoundException({ message: `Key '${keyId}' does not exist`, ...metadata });
    }
  }
}

/** `at(2026-03-11T10:21:05)` in UTC (the adapter always sets ScheduleExpressionTimezone UTC) to epoch ms. */
function parseAt(expression: string): number {
  const match = /^at\((\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)\)$/.exec(expression);
  if (!match) throw new Error(`Not a one-shot at() expression: ${expression}`);
  return Date.parse(`${match[1]}Z`);
}

function md5(text: string): string {
  return createHash("md5").update(text, "utf8").digest("hex");
}
