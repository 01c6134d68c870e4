import {
  DeleteScheduleCommand,
  GetScheduleCommand,
  type GetScheduleOutput,
  ListSchedulesCommand,
  ResourceNotFoundException,
  SchedulerClient,
} from "@aws-sdk/client-scheduler";
import { GetQueueUrlCommand, SendMessageCommand, SQSClient } from "@aws-sdk/client-sqs";
import { mockClient } from "aws-sdk-client-mock";
import { beforeEach, describe, expect, it } from "vitest";
import { EndpointScheduleDriver } from "./endpoint-schedules";
import { credentials, metadata } from "./local-account";

/**
 * The driver that fires an emulator endpoint's due schedules (endpoint-schedules.ts), against SDK clients
 * answering as the endpoint would: it must send each due schedule's input once, and nothing not yet due.
 */
const QUEUE_ARN = "arn:aws:sqs:us-east-1:000000000000:weft-steps";
const QUEUE_URL = "http://localhost:4566/000000000000/weft-steps";
const GROUP = "weft-it-schedules";
const CREATED = Date.parse("2026-03-11T10:00:20Z");

const schedulerClient = new SchedulerClient({ region: "us-east-1", credentials });
const sqsClient = new SQSClient({ region: "us-east-1", credentials });
const scheduler = mockClient(schedulerClient);
const sqs = mockClient(sqsClient);
let stored: Map<string, GetScheduleOutput>;
let nowMs: number;

const schedule = (name: string, expression: string, timezone: string, input: string) =>
  stored.set(name, {
    Name: name,
    GroupName: GROUP,
    ScheduleExpression: expression,
    ScheduleExpressionTimezone: timezone,
    State: "ENABLED",
    CreationDate: new Date(CREATED),
    Target: { Arn: QUEUE_ARN, RoleArn: "arn:aws:iam::000000000000:role/r", Input: input },
  });

const sentBodies = () =>
  sqs.commandCalls(SendMessageCommand).map((call) => {
    expect(call.args[0].input.QueueUrl).toBe(QUEUE_URL);
    return call.args[0].input.MessageBody;
  });

beforeEach(() => {
  stored = new Map();
  scheduler.reset();
  sqs.reset();
  // Two pages, as ListSchedules may answer.
  scheduler.on(ListSchedulesCommand).callsFake(({ NextToken }: { NextToken?: string }) => {
    const names = [...stored.keys()];
    const page = NextToken ? names.slice(1) : names.slice(0, 1);
    return { Schedules: page.map((Name) => ({ Name })), NextToken: NextToken ? undefined : "2", ...metadata };
  });
  scheduler.on(GetScheduleCommand).callsFake(({ Name }: { Name: string }) => {
    const found = stored.get(Name);
    if (!found) throw new ResourceNotFoundException({ message: "gone", Message: "gone", ...metadata });
    return { ...found, ...metadata };
  });
  scheduler.on(DeleteScheduleCommand).callsFake(({ Name }: { Name: string }) => {
    stored.delete(Name);
    return metadata;
  });
  sqs.on(GetQueueUrlCommand, { QueueName: "weft-steps" }).resolves({ QueueUrl: QUEUE_URL });
  sqs.on(SendMessageCommand).resolves({ MessageId: "m" });
});

describe("firing an endpoint's due schedules", () => {
  const driver = () =>
    new EndpointScheduleDriver({ scheduler: schedulerClient, sqs: sqsClient }, GROUP, () => nowMs);

  it("sends a one-shot's input once its time has come, then deletes it, and leaves a later one alone", async () => {
    schedule("wake-a", "at(2026-03-11T10:01:00)", "UTC", '{"run":"a"}');
    schedule("wake-b", "at(2026-03-11T10:01:01)", "UTC", '{"run":"b"}');
    const fire = driver();

    nowMs = Date.parse("2026-03-11T10:00:59.999Z");
    expect(await fire.fireDueSchedules()).toBe(0);
    nowMs = Date.parse("2026-03-11T10:01:00.500Z");
    // The poller's two loops call in at once: the fire is still sent once.
    expect(await Promise.all([fire.fireDueSchedules(), fire.fireDueSchedules()])).toEqual([1, 0]);
    expect(await fire.fireDueSchedules()).toBe(0);

    expect(sentBodies()).toEqual(['{"run":"a"}']);
    expect([...stored.keys()]).toEqual(["wake-b"]);
  });

  it("sends a cron schedule at each fire time in its zone with the scheduled time filled in, keeping it", async () => {
    // 10:30 in Kolkata (UTC+5:30) is 05:00 UTC; created at 10:00:20 UTC, its first fire is the next day.
    const input = '{"type":"trigger.fire","fireAt":"<aws.scheduler.scheduled-time>"}';
    schedule("trigger-x", "cron(30 10 * * ? *)", "Asia/Kolkata", input);
    schedule("trigger-y", "cron(* * * * ? *)", "UTC", '{"at":"<aws.scheduler.scheduled-time>"}');
    const fire = driver();

    nowMs = Date.parse("2026-03-11T10:00:59Z");
    expect(await fire.fireDueSchedules()).toBe(0);
    nowMs = Date.parse("2026-03-11T10:01:02Z");
    expect(await fire.fireDueSchedules()).toBe(1);
    expect(await fire.fireDueSchedules()).toBe(0);
    // Kept, and owing its next fire time: the one a test reads as the Scheduler's next.
    expect(new Date(fire.nextFireOf(stored.get("trigger-y") ?? {}) ?? 0).toISOString()).toBe(
      "2026-03-11T10:02:00.000Z",
    );
    // Fire times missed between calls (10:02-10:04): sent once, late, for the first of them.
    nowMs = Date.parse("2026-03-11T10:04:30Z");
    expect(await fire.fireDueSchedules()).toBe(1);
    nowMs = Date.parse("2026-03-12T04:59:59Z");
    const beforeKolkata = sentBodies().length;
    await fire.fireDueSchedules();
    expect(
      sentBodies()
        .slice(beforeKolkata)
        .some((body) => body?.includes("trigger.fire")),
    ).toBe(false);
    nowMs = Date.parse("2026-03-12T05:00:00Z");
    await fire.fireDueSchedules();

    const bodies = sentBodies();
    expect(bodies.slice(0, 2)).toEqual(['{"at":"2026-03-11T10:01:00Z"}', '{"at":"2026-03-11T10:02:00Z"}']);
    expect(bodies.filter((body) => body?.includes("trigger.fire"))).toEqual([
      '{"type":"trigger.fire","fireAt":"2026-03-12T05:00:00Z"}',
    ]);
    expect([...stored.keys()]).toEqual(["trigger-x", "trigger-y"]);
  });

  it("sends nothing for a disabled schedule, and refuses an expression it does not model", async () => {
    schedule("off", "at(2026-03-11T10:01:00)", "UTC", "{}");
    stored.set("off", { ...stored.get("off"), State: "DISABLED" });
    nowMs = Date.parse("2026-03-11T11:00:00Z");
    expect(await driver().fireDueSchedules()).toBe(0);

    schedule("rate", "rate(5 minutes)", "UTC", "{}");
    await expect(driver().fireDueSchedules()).rejects.toThrow(/not modelled/);
    expect(sentBodies()).toEqual([]);
  });
});
