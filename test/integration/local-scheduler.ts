import {
  ConflictException,
  CreateScheduleCommand,
  type CreateScheduleCommandInput,
  DeleteScheduleCommand,
  type DeleteScheduleCommandInput,
  ResourceNotFoundException,
  SchedulerClient,
} from "@aws-sdk/client-scheduler";
import { mockClient } from "aws-sdk-client-mock";
import { ACCOUNT, credentials, metadata } from "./local-account";
import type { LocalSqs } from "./local-sqs";
import { nextSchedulerFire, parseSchedulerCron, type SchedulerCron } from "./scheduler-cron";

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
export const SCHEDULED_TIME = "<aws.scheduler.scheduled-time>";

/**
 * The EventBridge Scheduler stand-in (local-aws.ts), modelling what the service relies on: schedules unique
 * by group and name (ConflictException on a second create, ResourceNotFoundException on deleting a missing
 * one): one-shot `at()` schedules, fired to their queue when due and then deleted; recurring `cron()`
 * schedules in their time zone (scheduler-cron.ts), fired at each fire time with
 * `<aws.scheduler.scheduled-time>` in their input replaced by it, until deleted.
 */
export class LocalScheduler {
  private readonly schedules = new Map<string, StoredSchedule>();
  /** Every schedule created and deleted, by name, in order (deletions by the service after firing too). */
  readonly scheduleLog: { action: "create" | "delete" | "fire"; name: string }[] = [];

  /** `sqs` holds the schedules' target queues. */
  constructor(
    private readonly region: string,
    private readonly sqs: LocalSqs,
    private readonly now: () => number,
  ) {}

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
      this.sqs
        .queueAt(schedule.targetArn)
        .send(schedule.input.replaceAll(SCHEDULED_TIME, scheduledTime), 0, nowMs);
      this.scheduleLog.push({ action: "fire", name: schedule.name });
      fired += 1;
      if (schedule.cron) schedule.atMs = nextSchedulerFire(schedule.cron, nowMs);
      else this.schedules.delete(key);
    }
    return fired;
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
      this.sqs.queueAt(target.Arn); // the target must exist
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
}

/** `at(2026-03-11T10:21:05)` in UTC (the adapter always sets ScheduleExpressionTimezone UTC) to epoch ms. */
export function parseAt(expression: string): number {
  const match = /^at\((\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)\)$/.exec(expression);
  if (!match) throw new Error(`Not a one-shot at() expression: ${expression}`);
  return Date.parse(`${match[1]}Z`);
}
