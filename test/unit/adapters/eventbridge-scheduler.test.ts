import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  ValidationException,
} from "@aws-sdk/client-scheduler";
import { mockClient } from "aws-sdk-client-mock";
import { beforeEach, describe, expect, it } from "vitest";
import {
  EventBridgeScheduler,
  toAtExpression,
  toScheduleName,
} from "../../../core/adapters/aws/eventbridge-scheduler";
import { runDoorbell, triggerFire } from "../../../core/domain/run-messages";

const options = {
  groupName: "weft-timers",
  queueArn: "arn:aws:sqs:eu-west-1:123456789012:weft-steps",
  roleArn: "arn:aws:iam::123456789012:role/weft-scheduler",
};
const client = new SchedulerClient({
  region: "eu-west-1",
  credentials: { accessKeyId: "x", secretAccessKey: "x" },
});
const aws = mockClient(client);
const scheduler = new EventBridgeScheduler({ client, ...options });
const doorbell = runDoorbell("wsp_1", "run_1");
const metadata = { $metadata: {} };
const scheduleNamePattern = /^[0-9A-Za-z_.-]{1,64}$/;

function createInputs() {
  return aws.commandCalls(CreateScheduleCommand).map((call) => call.args[0].input);
}

beforeEach(() => {
  aws.reset();
  aws.on(CreateScheduleCommand).resolves({ ScheduleArn: "arn:schedule" });
  aws.on(DeleteScheduleCommand).resolves({});
});

describe("EventBridgeScheduler.schedule", () => {
  it("creates a self-deleting one-shot UTC schedule that sends the message to the queue", async () => {
    await scheduler.schedule("wait:run_1:stp_1", Date.UTC(2026, 2, 11, 10, 21, 5), doorbell);

    expect(createInputs()).toEqual([
      {
        Name: toScheduleName("wait:run_1:stp_1"),
        GroupName: "weft-timers",
        ScheduleExpression: "at(2026-03-11T10:21:05)",
        ScheduleExpressionTimezone: "UTC",
        FlexibleTimeWindow: { Mode: "OFF" },
        ActionAfterCompletion: "DELETE",
        Target: {
          Arn: options.queueArn,
          RoleArn: options.roleArn,
          Input: '{"type":"run.advance","workspaceId":"wsp_1","runId":"run_1"}',
          RetryPolicy: { MaximumRetryAttempts: 185, MaximumEventAgeInSeconds: 86_400 },
        },
      },
    ]);
  });

  it("adds a dead-letter queue only when one is configured", async () => {
    const dlqArn = "arn:aws:sqs:eu-west-1:123456789012:weft-timers-dlq";
    await new EventBridgeScheduler({ client, ...options, dlqArn }).schedule(
      "n",
      Date.UTC(2030, 0, 1),
      doorbell,
    );

    expect(createInputs()[0]?.Target?.DeadLetterConfig).toEqual({ Arn: dlqArn });
  });

  it("treats an existing schedule of the same name as success", async () => {
    aws
      .on(CreateScheduleCommand)
      .rejects(new ConflictException({ message: "exists", Message: "exists", ...metadata }));

    await expect(scheduler.schedule("n", Date.UTC(2030, 0, 1), doorbell)).resolves.toBeUndefined();
  });

  it("propagates other errors", async () => {
    aws
      .on(CreateScheduleCommand)
      .rejects(new ValidationException({ message: "bad", Message: "bad", ...metadata }));

    await expect(scheduler.schedule("n", Date.UTC(2030, 0, 1), doorbell)).rejects.toBeInstanceOf(
      ValidationException,
    );
  });
});

describe("EventBridgeScheduler.scheduleRecurring", () => {
  it("creates a recurring cron() schedule in the trigger's time zone whose message names each fire", async () => {
    await scheduler.scheduleRecurring(
      "trigger:wsp_1:trg_1",
      { cron: "*/15 9-17 * * MON-FRI", timezone: "Europe/Paris" },
      triggerFire("wsp_1", "trg_1"),
    );

    expect(createInputs()).toEqual([
      {
        Name: toScheduleName("trigger:wsp_1:trg_1"),
        GroupName: "weft-timers",
        ScheduleExpression: "cron(0,15,30,45 9-17 ? * 2-6 *)",
        ScheduleExpressionTimezone: "Europe/Paris",
        FlexibleTimeWindow: { Mode: "OFF" },
        ActionAfterCompletion: "NONE",
        Target: {
          Arn: options.queueArn,
          RoleArn: options.roleArn,
          Input:
            '{"type":"trigger.fire","workspaceId":"wsp_1","triggerId":"trg_1","fireAt":"<aws.scheduler.scheduled-time>"}',
          RetryPolicy: { MaximumRetryAttempts: 185, MaximumEventAgeInSeconds: 86_400 },
        },
      },
    ]);
  });

  it("treats an existing schedule of the same name as success", async () => {
    aws
      .on(CreateScheduleCommand)
      .rejects(new ConflictException({ message: "exists", Message: "exists", ...metadata }));

    await expect(
      scheduler.scheduleRecurring("n", { cron: "* * * * *", timezone: "UTC" }, triggerFire("w", "t")),
    ).resolves.toBeUndefined();
  });
});

describe("EventBridgeScheduler.cancel", () => {
  it("deletes the schedule of the same mapped name in the group", async () => {
    await scheduler.cancel("wait:run_1:stp_1");

    expect(aws.commandCalls(DeleteScheduleCommand).map((call) => call.args[0].input)).toEqual([
      { Name: toScheduleName("wait:run_1:stp_1"), GroupName: "weft-timers" },
    ]);
  });

  it("treats a missing schedule as success", async () => {
    aws
      .on(DeleteScheduleCommand)
      .rejects(new ResourceNotFoundException({ message: "gone", Message: "gone", ...metadata }));

    await expect(scheduler.cancel("n")).resolves.toBeUndefined();
  });

  it("propagates other errors", async () => {
    aws.on(DeleteScheduleCommand).rejects(new Error("access denied"));

    await expect(scheduler.cancel("n")).rejects.toThrow("access denied");
  });
});

describe("toAtExpression", () => {
  it.each([
    [Date.UTC(2026, 2, 11, 10, 21, 5), "at(2026-03-11T10:21:05)"],
    [Date.UTC(2026, 2, 11, 10, 21, 5) + 1, "at(2026-03-11T10:21:06)"],
    [Date.UTC(2026, 11, 31, 23, 59, 59, 500), "at(2027-01-01T00:00:00)"],
  ])("writes %i as %s, rounding milliseconds up", (atMs, expression) => {
    expect(toAtExpression(atMs)).toBe(expression);
  });

  it("refuses a time that is not a date", () => {
    expect(() => toAtExpression(Number.NaN)).toThrow(RangeError);
  });
});

describe("toScheduleName", () => {
  it("is stable, keeps a readable prefix and stays within the allowed alphabet", () => {
    const name = toScheduleName("wait:wsp_01J0:run_01J0/stp 1");

    expect(name).toBe(toScheduleName("wait:wsp_01J0:run_01J0/stp 1"));
    expect(name).toMatch(/^wait-wsp_01J0-run_01J0-stp-1-[0-9a-f]{20}$/);
  });

  it("caps long names at 64 characters and keeps names apart that share a prefix", () => {
    const long = `wait:${"x".repeat(200)}`;
    const names = [
      toScheduleName(`${long}:a`),
      toScheduleName(`${long}:b`),
      toScheduleName("a:b"),
      toScheduleName("a/b"),
    ];

    for (const name of names) expect(name).toMatch(scheduleNamePattern);
    expect(new Set(names).size).toBe(names.length);
  });

  it("names an empty input by its hash alone", () => {
    expect(toScheduleName("")).toMatch(/^[0-9a-f]{20}$/);
  });
});
