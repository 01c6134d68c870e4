import { createHash } from "node:crypto";
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  type SchedulerClient,
} from "@aws-sdk/client-scheduler";
import { type CronSchedule, toSchedulerCron } from "../../domain/cron";
import type { EngineMessage, TriggerFire } from "../../domain/run-messages";
import type { Scheduler } from "../../ports/scheduler";

export interface EventBridgeSchedulerOptions {
  client: SchedulerClient;
  /** The schedule group that holds Weft's one-shot schedules (names are unique within a group). */
  groupName: string;
  /** The step queue every schedule sends its message to. */
  queueArn: string;
  /** The role EventBridge Scheduler assumes: sqs:SendMessage on the queue (and on `dlqArn` if set). */
  roleArn: string;
  /** Where Scheduler puts a message it could not deliver after all retries; without it, it is dropped. */
  dlqArn?: string;
}

/**
 * Delivery retries toward the queue, set explicitly at the service maxima (which are also its defaults)
 * so the choice is visible. An SQS target only fails during an outage or a broken role/key, which can
 * last hours; a doorbell is harmless however late it rings, while a dropped one leaves the run waiting
 * for the sweeper. Retries cost nothing when delivery works, and the schedule deletes itself once they
 * are exhausted.
 */
const RETRY_POLICY = { MaximumRetryAttempts: 185, MaximumEventAgeInSeconds: 86_400 } as const;

/**
 * EventBridge Scheduler puts each invocation's scheduled time where its target input holds this keyword
 * (context attributes): each fire's message says which fire it is, so a retried delivery names the same one.
 */
const SCHEDULED_TIME = "<aws.scheduler.scheduled-time>";

const NAME_MAX_LENGTH = 64;
const HASH_LENGTH = 20; // hex chars = 80 bits: collisions stay negligible at the 10M-schedule quota

/**
 * One-shot `at()` schedules in EventBridge Scheduler that send an EngineMessage to the step queue and
 * delete themselves after firing. They fire within a minute after their time (the service's precision).
 * Cron triggers have recurring `cron()` schedules, which stay until cancelled.
 */
export class EventBridgeScheduler implements Scheduler {
  private readonly client: SchedulerClient;
  private readonly options: Omit<EventBridgeSchedulerOptions, "client">;

  constructor(options: EventBridgeSchedulerOptions) {
    const { client, ...rest } = options;
    this.client = client;
    this.options = rest;
  }

  /**
   * Creates the schedule `name` (mapped by toScheduleName) to send `message` at `atMs` (epoch ms, rounded
   * up to the next whole second so it never fires early). Idempotent: if the name exists, the existing
   * schedule stands and this resolves. Times within MAX_QUEUE_DELAY_MS belong to the Queue: AWS does not
   * promise to fire an `at()` that is already past.
   *
   * @throws RangeError when `atMs` is not a finite date.
   * @throws the SDK's error for anything but an existing name (validation, throttling, access denied).
   */
  async schedule(name: string, atMs: number, message: EngineMessage): Promise<void> {
    await this.create(name, {
      ScheduleExpression: toAtExpression(atMs),
      ScheduleExpressionTimezone: "UTC",
      ActionAfterCompletion: "DELETE",
      Input: JSON.stringify(message),
    });
  }

  /**
   * Creates the recurring schedule `name`: a `cron()` expression (toSchedulerCron) in the schedule's time
   * zone, sending `message` with `fireAt` set to each invocation's scheduled time. Idempotent like
   * `schedule`; it stays until cancelled.
   *
   * @throws the SDK's error for anything but an existing name.
   */
  async scheduleRecurring(name: string, schedule: CronSchedule, message: TriggerFire): Promise<void> {
    await this.create(name, {
      ScheduleExpression: toSchedulerCron(schedule.cron),
      ScheduleExpressionTimezone: schedule.timezone,
      ActionAfterCompletion: "NONE",
      Input: JSON.stringify({ ...message, fireAt: SCHEDULED_TIME }),
    });
  }

  private async create(
    name: string,
    what: {
      ScheduleExpression: string;
      ScheduleExpressionTimezone: string;
      ActionAfterCompletion: "DELETE" | "NONE";
      Input: string;
    },
  ): Promise<void> {
    const { groupName, queueArn, roleArn, dlqArn } = this.options;
    const { Input, ...timing } = what;
    try {
      await this.client.send(
        new CreateScheduleCommand({
          Name: toScheduleName(name),
          GroupName: groupName,
          ...timing,
          FlexibleTimeWindow: { Mode: "OFF" },
          Target: {
            Arn: queueArn,
            RoleArn: roleArn,
            Input,
            RetryPolicy: RETRY_POLICY,
            ...(dlqArn === undefined ? {} : { DeadLetterConfig: { Arn: dlqArn } }),
          },
        }),
      );
    } catch (error) {
      if (error instanceof ConflictException) return;
      throw error;
    }
  }

  /**
   * Deletes the schedule `name` (mapped by toScheduleName). Resolves when it has already fired (and
   * deleted itself) or never existed.
   *
   * @throws the SDK's error for anything but a missing schedule.
   */
  async cancel(name: string): Promise<void> {
    try {
      await this.client.send(
        new DeleteScheduleCommand({ Name: toScheduleName(name), GroupName: this.options.groupName }),
      );
    } catch (error) {
      if (error instanceof ResourceNotFoundException) return;
      throw error;
    }
  }
}

/**
 * The schedule name for a port-level name: a readable prefix (characters outside [0-9A-Za-z_.-] become
 * "-") plus the first 80 bits of sha256(name) in hex, at most 64 characters. Deterministic, so schedule
 * and cancel agree; the hash keeps names apart that sanitise or truncate to the same prefix.
 */
export function toScheduleName(name: string): string {
  const hash = createHash("sha256").update(name).digest("hex").slice(0, HASH_LENGTH);
  const prefix = name.replace(/[^0-9A-Za-z_.-]/g, "-").slice(0, NAME_MAX_LENGTH - HASH_LENGTH - 1);
  return prefix === "" ? hash : `${prefix}-${hash}`;
}

/** `at(yyyy-mm-ddThh:mm:ss)` in UTC for epoch ms `atMs`, rounded up to the whole second. */
export function toAtExpression(atMs: number): string {
  const date = new Date(Math.ceil(atMs / 1000) * 1000);
  if (Number.isNaN(date.getTime())) throw new RangeError(`atMs must be a finite epoch time, got ${atMs}`);
  // toISOString is always UTC: "2026-03-11T10:21:05.000Z" → "2026-03-11T10:21:05".
  return `at(${date.toISOString().slice(0, 19)})`;
}
