import {
  DeleteScheduleCommand,
  GetScheduleCommand,
  type GetScheduleOutput,
  ListSchedulesCommand,
  ResourceNotFoundException,
  type SchedulerClient,
} from "@aws-sdk/client-scheduler";
import { GetQueueUrlCommand, SendMessageCommand, type SQSClient } from "@aws-sdk/client-sqs";
import { parseAt, SCHEDULED_TIME } from "./local-scheduler";
import { nextSchedulerFire, parseSchedulerCron } from "./scheduler-cron";

/**
 * Fires an AWS endpoint's due schedules, as the Scheduler stand-in (local-scheduler.ts) fires its own: an
 * emulator's EventBridge Scheduler (LocalStack's, moto's) stores schedules but never fires them. It reads
 * the group's schedules back (ListSchedules, GetSchedule) and, for each due one, sends its target input to
 * its target queue (SendMessage) with `<aws.scheduler.scheduled-time>` filled in, as EventBridge would:
 * a one-shot `at()` when its time has come, then deleted as its ActionAfterCompletion DELETE asks; a
 * recurring `cron()` at each fire time in its zone (scheduler-cron.ts) after its creation, fire times
 * missed between two calls sent once, late, for the first of them (as the stand-in does). Other expressions (`rate()`) are refused: the service creates
 * none, and a driver that guessed would fire them at the wrong time.
 */
export class EndpointScheduleDriver {
  /** When a recurring schedule last fired, by name and creation (a re-created one starts afresh). */
  private readonly lastFired = new Map<string, number>();
  private readonly queueUrls = new Map<string, string>();
  /** The pass under way: the poller's loops call in concurrently, and a fire must be sent once. */
  private firing: Promise<number> | undefined;

  constructor(
    private readonly clients: { scheduler: SchedulerClient; sqs: SQSClient },
    private readonly groupName: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Sends every schedule due now; answers how many fires were sent (0 for a call joining a pass). */
  async fireDueSchedules(): Promise<number> {
    if (this.firing) return this.firing.then(() => 0);
    this.firing = this.firePass().finally(() => {
      this.firing = undefined;
    });
    return this.firing;
  }

  private async firePass(): Promise<number> {
    const nowMs = this.now();
    let fired = 0;
    for (const name of await this.scheduleNames()) {
      const schedule = await this.scheduleNamed(name);
      if (!schedule) continue; // deleted since it was listed
      const due = this.dueFireTime(schedule, nowMs);
      if (due === undefined) continue;
      await this.send(schedule, due);
      fired += 1;
      if (schedule.ScheduleExpression?.startsWith("at(")) await this.deleteFired(name);
      else this.lastFired.set(this.recurringKey(schedule), nowMs);
    }
    return fired;
  }

  /**
   * The fire time a schedule owes next as this driver fires it (undefined: none): a one-shot's time until
   * fired; a recurring one's first fire time after its creation or after its last fire.
   */
  nextFireOf(schedule: GetScheduleOutput): number | undefined {
    const expression = schedule.ScheduleExpression ?? "";
    if (expression.startsWith("at(")) return atInUtc(expression, schedule.ScheduleExpressionTimezone);
    if (expression.startsWith("cron(")) {
      const cron = parseSchedulerCron(expression, schedule.ScheduleExpressionTimezone ?? "UTC");
      const since = this.lastFired.get(this.recurringKey(schedule)) ?? schedule.CreationDate?.getTime();
      return nextSchedulerFire(cron, since ?? this.now());
    }
    throw new Error(`Schedule ${schedule.Name}: expression not modelled by the driver: ${expression}`);
  }

  async scheduleNamed(name: string): Promise<GetScheduleOutput | undefined> {
    try {
      return await this.clients.scheduler.send(
        new GetScheduleCommand({ GroupName: this.groupName, Name: name }),
      );
    } catch (error) {
      if (error instanceof ResourceNotFoundException) return undefined;
      throw error;
    }
  }

  private dueFireTime(schedule: GetScheduleOutput, nowMs: number): number | undefined {
    if (schedule.State === "DISABLED") return undefined;
    const next = this.nextFireOf(schedule);
    return next !== undefined && next <= nowMs ? next : undefined;
  }

  private async send(schedule: GetScheduleOutput, fireMs: number): Promise<void> {
    const target = schedule.Target;
    if (!target?.Arn) throw new Error(`Schedule ${schedule.Name} has no target`);
    const scheduledTime = new Date(fireMs).toISOString().replace(/\.000Z$/, "Z");
    await this.clients.sqs.send(
      new SendMessageCommand({
        QueueUrl: await this.queueUrl(target.Arn),
        MessageBody: (target.Input ?? "").replaceAll(SCHEDULED_TIME, scheduledTime),
      }),
    );
  }

  private async deleteFired(name: string): Promise<void> {
    try {
      await this.clients.scheduler.send(new DeleteScheduleCommand({ GroupName: this.groupName, Name: name }));
    } catch (error) {
      // The service may have deleted it first, once its run moved on.
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
  }

  private async scheduleNames(): Promise<string[]> {
    const names: string[] = [];
    let NextToken: string | undefined;
    do {
      const page = await this.clients.scheduler.send(
        new ListSchedulesCommand({ GroupName: this.groupName, NextToken }),
      );
      names.push(...(page.Schedules ?? []).map((schedule) => schedule.Name ?? ""));
      NextToken = page.NextToken;
    } while (NextToken);
    return names;
  }

  /** A queue ARN (arn:aws:sqs:region:account:name) to the URL SendMessage needs. */
  private async queueUrl(arn: string): Promise<string> {
    const known = this.queueUrls.get(arn);
    if (known) return known;
    const [, , , , account, name] = arn.split(":");
    if (!name) throw new Error(`Not an SQS queue ARN: ${arn}`);
    const { QueueUrl } = await this.clients.sqs.send(
      new GetQueueUrlCommand({ QueueName: name, QueueOwnerAWSAccountId: account }),
    );
    if (!QueueUrl) throw new Error(`GetQueueUrl ${name} returned no URL`);
    this.queueUrls.set(arn, QueueUrl);
    return QueueUrl;
  }

  private recurringKey(schedule: GetScheduleOutput): string {
    return `${schedule.Name}@${schedule.CreationDate?.getTime() ?? 0}`;
  }
}

/** The adapter always sets UTC for a one-shot; another zone is not modelled, so it is refused. */
function atInUtc(expression: string, timezone = "UTC"): number {
  if (timezone !== "UTC") throw new Error(`at() in a zone other than UTC is not modelled: ${timezone}`);
  return parseAt(expression);
}
