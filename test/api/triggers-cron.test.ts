import { beforeAll, describe, expect, it } from "vitest";
import type { TriggerFire } from "../../core/domain/run-messages";
import { buildAdvancer } from "../../functions/advancer";
import { signUp } from "../helpers/accounts";
import { expectData, expectError, issuePaths } from "../helpers/requests";
import { createDefinition } from "../helpers/runs";
import {
  a,
  call,
  createTrigger,
  MINUTE,
  quick,
  runsOf,
  setUpTriggers,
  type TriggerBody,
  t,
} from "./triggers-fixtures";

/**
 * Cron triggers: creating one (its next fire in its time zone) and refusing a bad one, the runs a fire
 * starts (one per fire time, with the trigger's input), fires ignored, the overlap policies skip and
 * supersede, pausing, resuming and deleting, and another workspace's trigger.
 */
setUpTriggers();

/** A's definition whose run waits for a signal, so that a trigger's run stays live (WAITING). */
let waits: string;

beforeAll(async () => {
  waits = (
    await createDefinition(t.request, a.apiKey, [{ type: "external_event", name: "hold", signalType: "go" }])
  ).id;
});

const cron = (definitionId: string, extra: Record<string, unknown> = {}) =>
  createTrigger({ type: "cron", definitionId, cron: "* * * * *", ...extra });

const fireMessage = (triggerId: string, fireAt: string): TriggerFire => ({
  type: "trigger.fire",
  workspaceId: a.workspaceId,
  triggerId,
  fireAt,
});

/** Delivers a fire on the step queue, as the trigger's schedule does, and waits for the engine. */
async function fire(triggerId: string, fireAt: string): Promise<void> {
  await t.deps.queue.send(fireMessage(triggerId, fireAt));
  await t.idle();
}

const now = () => new Date(t.clock.nowMs()).toISOString();

/** Moves the clock to the next whole minute (a fire time of `* * * * *`) and returns it. */
function nextMinute(): string {
  t.clock.advance(MINUTE - (t.clock.nowMs() % MINUTE));
  return now();
}

describe("cron triggers", () => {
  it("creates a trigger, shows its next fire in its time zone, and lists it", async () => {
    const trigger = await createTrigger({
      type: "cron",
      definitionId: quick,
      cron: "30 9 * * 1-5",
      timezone: "Europe/Paris",
      input: { report: "daily" },
    });

    // The clock says Friday 2026-11-20 12:00 UTC; 09:30 in Paris (UTC+1 in November) is next on Monday.
    expect(trigger).toMatchObject({
      type: "cron",
      status: "active",
      overlap: "allow",
      catchUp: "none",
      input: { report: "daily" },
      nextFireAt: "2026-11-23T08:30:00.000Z",
      lastFireAt: null,
    });
    // The first trigger this process checks, which imports cron-parser: its fields still come in their order.
    expect(Object.keys(trigger).slice(0, 8)).toEqual([
      "type",
      "definitionId",
      "cron",
      "timezone",
      "input",
      "overlap",
      "catchUp",
      "id",
    ]);
    const listed = await expectData<TriggerBody[]>(await call("GET", "/v1/triggers"), 200);
    expect(listed.map((item) => item.id)).toContain(trigger.id);
    expect(await expectData(await call("GET", `/v1/triggers/${trigger.id}`), 200)).toEqual(trigger);
    await expectData(await call("DELETE", `/v1/triggers/${trigger.id}`), 200);
  });

  it("refuses a bad cron, an unknown time zone and an unknown definition, writing nothing", async () => {
    const before = await expectData<TriggerBody[]>(await call("GET", "/v1/triggers"), 200);
    for (const bad of ["* * * *", "61 * * * *", "0 0 L * *", "0 9 1 * MON", "@daily"]) {
      const error = await expectError(
        await call("POST", "/v1/triggers", { type: "cron", definitionId: quick, cron: bad }),
        400,
        "VALIDATION_ERROR",
      );
      expect(issuePaths(error)).toEqual(["cron"]);
    }
    const zone = await expectError(
      await call("POST", "/v1/triggers", {
        type: "cron",
        definitionId: quick,
        cron: "0 * * * *",
        timezone: "Mars/Olympus",
      }),
      400,
      "VALIDATION_ERROR",
    );
    expect(issuePaths(zone)).toEqual(["timezone"]);
    await expectError(
      await call("POST", "/v1/triggers", { type: "cron", definitionId: "def_missing", cron: "0 * * * *" }),
      404,
      "NOT_FOUND",
    );
    expect(await expectData(await call("GET", "/v1/triggers"), 200)).toEqual(before);
  });

  it("starts one run for a doubled fire, keyed by the fire time, with the trigger's input", async () => {
    const trigger = await cron(quick, { input: { n: 1 } });
    const fireAt = nextMinute();

    await fire(trigger.id, fireAt);
    await fire(trigger.id, fireAt);
    // Two workers handling the same message at once, as SQS may deliver it.
    const workers = [buildAdvancer(t.deps), buildAdvancer(t.deps)];
    await Promise.all(workers.map((worker) => worker(fireMessage(trigger.id, fireAt))));
    await t.idle();

    const runs = await runsOf(trigger.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      idempotencyKey: `trigger:${trigger.id}:${fireAt}`,
      supersessionKey: `trigger:${trigger.id}`,
      input: { n: 1 },
    });
    const after = await expectData<TriggerBody>(await call("GET", `/v1/triggers/${trigger.id}`), 200);
    expect(after).toMatchObject({ lastFireAt: fireAt, lastRunId: runs[0]?.id });
    await expectData(await call("DELETE", `/v1/triggers/${trigger.id}`), 200);
  });

  it("ignores a fire time that is not the trigger's, or from before it was created", async () => {
    const trigger = await cron(quick, { cron: "0 0 1 1 *" });

    await fire(trigger.id, "2026-01-01T00:00:00.000Z");
    await fire(trigger.id, nextMinute());

    expect(await runsOf(trigger.id)).toEqual([]);
    await expectData(await call("DELETE", `/v1/triggers/${trigger.id}`), 200);
  });

  it("with overlap: skip, starts no run while the trigger's last run is live", async () => {
    const trigger = await cron(waits, { overlap: "skip" });
    await fire(trigger.id, nextMinute());
    const [first] = await runsOf(trigger.id);
    expect(first?.status).toBe("WAITING");

    await fire(trigger.id, nextMinute());
    expect(await runsOf(trigger.id)).toHaveLength(1);

    await expectData(await call("POST", `/v1/workflow-runs/${first?.id}/cancel`), 200);
    await fire(trigger.id, nextMinute());
    const runs = await runsOf(trigger.id);
    expect(runs.map((run) => run.status)).toEqual(["WAITING", "CANCELLED"]);
    await expectData(await call("DELETE", `/v1/triggers/${trigger.id}`), 200);
  });

  it("with overlap: supersede, supersedes the live run", async () => {
    const trigger = await cron(waits, { overlap: "supersede" });
    await fire(trigger.id, nextMinute());
    await fire(trigger.id, nextMinute());

    expect((await runsOf(trigger.id)).map((run) => run.status)).toEqual(["WAITING", "SUPERSEDED"]);
    await expectData(await call("DELETE", `/v1/triggers/${trigger.id}`), 200);
  });

  it("starts nothing while paused, nor for fires due while it was, and nothing once deleted", async () => {
    const trigger = await cron(quick);
    const paused = await expectData<TriggerBody>(
      await call("PATCH", `/v1/triggers/${trigger.id}`, { status: "paused" }),
      200,
    );
    expect(paused).toMatchObject({ status: "paused", nextFireAt: null });
    const whilePaused = nextMinute();
    await fire(trigger.id, whilePaused);
    t.clock.advance(1000);

    const resumed = await expectData<TriggerBody>(
      await call("PATCH", `/v1/triggers/${trigger.id}`, { status: "active" }),
      200,
    );
    expect(resumed.nextFireAt).toBe(new Date(Date.parse(whilePaused) + MINUTE).toISOString());
    await fire(trigger.id, whilePaused);
    expect(await runsOf(trigger.id)).toEqual([]);

    await fire(trigger.id, nextMinute());
    expect(await runsOf(trigger.id)).toHaveLength(1);

    await expectData(await call("DELETE", `/v1/triggers/${trigger.id}`), 200);
    await expectError(await call("GET", `/v1/triggers/${trigger.id}`), 404, "NOT_FOUND");
    await fire(trigger.id, nextMinute());
    expect(await runsOf(trigger.id)).toHaveLength(1);
  });

  it("refuses a state change it does not know, and a trigger of another workspace", async () => {
    const trigger = await cron(quick);
    await expectError(
      await call("PATCH", `/v1/triggers/${trigger.id}`, { status: "stopped" }),
      400,
      "VALIDATION_ERROR",
    );
    const other = await signUp(t);
    await expectError(
      await call("GET", `/v1/triggers/${trigger.id}`, undefined, other.apiKey),
      404,
      "NOT_FOUND",
    );
    await expectError(
      await call("DELETE", `/v1/triggers/${trigger.id}`, undefined, other.apiKey),
      404,
      "NOT_FOUND",
    );
    await expectData(await call("DELETE", `/v1/triggers/${trigger.id}`), 200);
  });
});
