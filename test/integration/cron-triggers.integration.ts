import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toScheduleName } from "../../core/adapters/aws/eventbridge-scheduler";
import { triggerScheduleName } from "../../core/triggers/trigger-schedule";
import { withKey } from "../helpers/accounts";
import { expectData, type SignupData } from "../helpers/requests";
import { createDefinition, listRuns } from "../helpers/runs";
import type { EndpointScheduleDriver } from "./endpoint-schedules";
import type { LocalAws } from "./local-aws";
import type { StoredSchedule } from "./local-scheduler";
import { parseSchedulerCron } from "./scheduler-cron";
import { type IntegrationService, startIntegrationService } from "./service";

/**
 * Cron triggers through the API handler and the EventBridge Scheduler adapter, against the Scheduler
 * stand-in (local-aws.ts) or an AWS endpoint's Scheduler, whose `cron()` expressions are evaluated in their
 * time zone from AWS's rules (scheduler-cron.ts), not from the adapter's translation: each trigger's
 * recurring schedule as created, removed on pause, created again on resume, removed on delete, and a fire
 * delivered at its scheduled time starting the trigger's run. An emulator's Scheduler fires nothing, so on
 * an endpoint the suite fires the due schedules it reads back (endpoint-schedules.ts); what only the
 * stand-in records (its log of calls, the queue's sends) is checked in local mode.
 */

interface TriggerBody {
  id: string;
  nextFireAt: string | null;
}

let service: IntegrationService;
let local: LocalAws | undefined;
let call: (method: string, path: string, body?: unknown) => Promise<Response>;
let apiKey: string;
let workspaceId: string;
let definitionId: string;

beforeAll(async () => {
  service = await startIntegrationService({ RATE_LIMIT_PER_MINUTE: "1000000" });
  local = service.local;
  const signup = await expectData<SignupData>(
    await service.send("POST", "/v1/dashboard-auth/signup", {
      body: { email: "cron@example.com", password: "correct horse battery", workspaceName: "Cron" },
    }),
    201,
  );
  workspaceId = signup.workspace.id;
  apiKey = signup.apiKey.key;
  call = (method, path, body) => service.send(method, path, { body, headers: withKey(apiKey) });
  definitionId = (
    await createDefinition(service.send, apiKey, [{ type: "task", name: "a", handler: "noop" }])
  ).id;
});

afterAll(async () => {
  await service?.stop();
});

/** The trigger's schedule as the Scheduler holds it, with its next fire time; undefined once deleted. */
async function scheduleOf(triggerId: string): Promise<StoredSchedule | undefined> {
  const name = toScheduleName(triggerScheduleName(workspaceId, triggerId));
  if (local) return local.scheduleNamed(name);
  const endpoint = service.endpointSchedules as EndpointScheduleDriver;
  const held = await endpoint.scheduleNamed(name);
  if (!held) return undefined;
  const cron = parseSchedulerCron(held.ScheduleExpression ?? "", held.ScheduleExpressionTimezone ?? "UTC");
  return {
    group: held.GroupName ?? "",
    name,
    atMs: endpoint.nextFireOf(held),
    cron,
    actionAfterCompletion: held.ActionAfterCompletion,
    targetArn: held.Target?.Arn ?? "",
    input: held.Target?.Input ?? "",
  };
}

const createCron = async (cron: string, timezone: string) =>
  expectData<TriggerBody>(
    await call("POST", "/v1/triggers", { type: "cron", definitionId, cron, timezone }),
    201,
  );

describe("cron triggers on EventBridge Scheduler", () => {
  it("creates the recurring schedule in the trigger's zone, removes it on pause, creates it on resume, removes it on delete", async () => {
    const trigger = await createCron("30 9 * * 1-5", "Europe/Paris");

    const created = await scheduleOf(trigger.id);
    expect(created).toMatchObject({
      cron: { expression: "cron(30 9 ? * 2-6 *)", timezone: "Europe/Paris" },
      actionAfterCompletion: "NONE",
      targetArn: service.config.STEP_QUEUE_ARN,
    });
    expect(JSON.parse(created?.input ?? "")).toEqual({
      type: "trigger.fire",
      workspaceId,
      triggerId: trigger.id,
      fireAt: "<aws.scheduler.scheduled-time>",
    });
    // The Scheduler's own next fire is the one the API shows.
    expect(new Date(created?.atMs ?? 0).toISOString()).toBe(trigger.nextFireAt);

    await expectData(await call("PATCH", `/v1/triggers/${trigger.id}`, { status: "paused" }), 200);
    expect(await scheduleOf(trigger.id)).toBeUndefined();

    const resumed = await expectData<TriggerBody>(
      await call("PATCH", `/v1/triggers/${trigger.id}`, { status: "active" }),
      200,
    );
    expect(await scheduleOf(trigger.id)).toMatchObject({
      cron: { expression: "cron(30 9 ? * 2-6 *)", timezone: "Europe/Paris" },
    });
    expect(new Date((await scheduleOf(trigger.id))?.atMs ?? 0).toISOString()).toBe(resumed.nextFireAt);

    await expectData(await call("DELETE", `/v1/triggers/${trigger.id}`), 200);
    expect(await scheduleOf(trigger.id)).toBeUndefined();
    if (!local) return; // the stand-in's log of calls; an endpoint keeps none
    const name = toScheduleName(triggerScheduleName(workspaceId, trigger.id));
    expect(local.scheduleLog.filter((entry) => entry.name === name).map((entry) => entry.action)).toEqual([
      "create",
      "delete",
      "create",
      "delete",
    ]);
  });

  it("agrees with the API on the next fire of schedules whose zones are far from UTC", async () => {
    for (const [cron, timezone] of [
      ["0 2 * * 0", "America/New_York"],
      ["45 23 1,15 * *", "Asia/Kolkata"],
      ["*/20 8-17 * 6-8 *", "Australia/Adelaide"],
    ] as const) {
      const trigger = await createCron(cron, timezone);
      expect(
        new Date((await scheduleOf(trigger.id))?.atMs ?? 0).toISOString(),
        `${cron} in ${timezone}`,
      ).toBe(trigger.nextFireAt);
      await expectData(await call("DELETE", `/v1/triggers/${trigger.id}`), 200);
    }
  });

  it("starts the trigger's run from the fire the Scheduler sends at its scheduled time, and keeps the schedule", async () => {
    const trigger = await createCron("* * * * *", "Asia/Kolkata");
    const firstFireMs = (await scheduleOf(trigger.id))?.atMs ?? 0;
    const fireAt = new Date(firstFireMs).toISOString();

    // Up to a minute of real time: the stand-in fires when the wall clock reaches the fire time.
    const deadline = firstFireMs + 30_000;
    let runs: { idempotencyKey?: unknown; status: string }[] = [];
    while (runs.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      runs = (await listRuns(service.send, apiKey, { triggerId: trigger.id })).data;
    }

    expect(runs.map((run) => run.idempotencyKey)).toEqual([`trigger:${trigger.id}:${fireAt}`]);
    expect((await scheduleOf(trigger.id))?.atMs).toBeGreaterThanOrEqual(firstFireMs + 60_000);
    // The fire came from the Scheduler, without a tenant; the run's doorbell names its workspace.
    if (!local) return; // what the stand-in's queue recorded being sent; an endpoint's keeps no such record
    const sends = local.queueAt(service.config.STEP_QUEUE_URL ?? "").sends;
    const fire = sends.find((sent) => sent.body.includes(`"fireAt":"${fireAt.replace(".000Z", "Z")}"`));
    expect(fire?.groupId).toBeUndefined();
    expect(sends.filter((sent) => sent.body.includes('"run.advance"')).map((sent) => sent.groupId)).toContain(
      workspaceId,
    );
    await expectData(await call("DELETE", `/v1/triggers/${trigger.id}`), 200);
  }, 120_000);
});
