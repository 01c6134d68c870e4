import type { KMSClient } from "@aws-sdk/client-kms";
import type { SchedulerClient } from "@aws-sdk/client-scheduler";
import type { SQSClient } from "@aws-sdk/client-sqs";
import { LocalKms } from "./local-kms";
import type { LocalQueue, QueueOptions } from "./local-queue";
import { LocalScheduler, type StoredSchedule } from "./local-scheduler";
import { LocalSqs } from "./local-sqs";

/**
 * Stand-ins for SQS, EventBridge Scheduler and KMS when no AWS endpoint is available. They sit behind the
 * SDK clients (aws-sdk-client-mock on one client instance at a time), so the real adapters (SqsQueue,
 * EventBridgeScheduler, KmsKeyVault) and the harness's SQS poller run unchanged: only the service on the
 * other side of `client.send` is local. What each models, because the service relies on it, is described
 * with its code: local-queue.ts (SQS), local-scheduler.ts (Scheduler), local-kms.ts (KMS).
 */
export class LocalAws {
  private readonly sqs: LocalSqs;
  private readonly scheduler: LocalScheduler;
  private readonly kms: LocalKms;
  readonly scheduleLog: LocalScheduler["scheduleLog"];
  readonly kmsCalls: LocalKms["kmsCalls"];

  constructor(
    readonly region: string,
    now: () => number = Date.now,
  ) {
    this.sqs = new LocalSqs(region, now);
    this.scheduler = new LocalScheduler(region, this.sqs, now);
    this.kms = new LocalKms(region);
    this.scheduleLog = this.scheduler.scheduleLog;
    this.kmsCalls = this.kms.kmsCalls;
  }

  createQueue(name: string, options: QueueOptions): LocalQueue {
    return this.sqs.createQueue(name, options);
  }

  createKey(): string {
    return this.kms.createKey();
  }

  pendingSchedules(): string[] {
    return this.scheduler.pendingSchedules();
  }

  scheduleNamed(name: string): StoredSchedule | undefined {
    return this.scheduler.scheduleNamed(name);
  }

  fireDueSchedules(): number {
    return this.scheduler.fireDueSchedules();
  }

  sqsClient(): SQSClient {
    return this.sqs.sqsClient();
  }

  schedulerClient(): SchedulerClient {
    return this.scheduler.schedulerClient();
  }

  kmsClient(): KMSClient {
    return this.kms.kmsClient();
  }

  queueAt(urlOrArn: string | undefined): LocalQueue {
    return this.sqs.queueAt(urlOrArn);
  }
}
