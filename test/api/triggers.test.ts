import { beforeAll, describe, expect, it } from "vitest";
import type { TriggerFire } from "../../core/domain/run-messages";
import { buildAdvancer } from "../../functions/advancer";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { RunBody } from "../helpers/api-types";
import { expectData, expectError, issuePaths } from "../helpers/requests";
import { createDefinition, listRuns } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

interface TriggerBody {
  id: string;
  type: string;
  status: string;
  nextFireAt?: string | null;
  lastFireAt: string | null;
  lastRunId: string | null;
  [key: string]: unknown;
}

const MAX_TRIGGERS = 4;
const MINUTE = 60_000;

let t: TestApp;
let a: SignedUp;
let quick: string;
let waits: string;

beforeAll(async () => {
  // The app's clock is a ManualClock at 2026-11-20T12:00:00Z: fires are sent by hand, as the schedule would.
  t = await createTestApp({
    RATE_LIMIT_PER_MINUTE: "1000000",
    MAX_TRIGGERS_PER_WORKSPACE: String(MAX_TRIGGERS),
  });
  a = await signUp(t);
  quick = (await createDefinition(t.request, a.apiKey, [{ type: "task", name: "a", handler: "noop" }])).id;
  waits = (
    await createDefinition(t.request, a.apiKey, [{ type: "external_event", name: "hold", signalType: "go" }])
  ).id;
});

const call = (method: string, path: string, body?: unknown, apiKey = a.apiKey) =>
  t.request(method, path, { body, headers: withKey(apiKey) });

const createTrigger = async (body: Record<string, unknown>, apiKey = a.apiKey) =>
  expectData<TriggerBody>(await call("POST", "/v1/triggers", body, apiKey), 201);

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

const runsOf = async (triggerId: string) =>
  (await listRuns(t.request, a.apiKey, { triggerId, pageSize: 100 })).data;

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

describe("event triggers", () => {
  const send = (body: Record<string, unknown>) => call("POST", "/v1/events", body);

  it("starts runs of the matching triggers only, with the event as input; a repeated id starts none", async () => {
    const pro = await createTrigger({
      type: "event",
      definitionId: quick,
      eventName: "order.paid",
      filter: { "customer.plan": "pro", region: { in: ["eu", "us"] } },
    });
    const all = await createTrigger({ type: "event", definitionId: quick, eventName: "order.paid" });
    const free = await createTrigger({
      type: "event",
      definitionId: quick,
      eventName: "order.paid",
      filter: { "customer.plan": "free" },
    });
    const payload = { customer: { plan: "pro" }, region: "eu", total: 40 };

    const sent = await expectData<{ id: string; name: string; runs: RunBody[] }>(
      await send({ name: "order.paid", payload, id: "order-17" }),
      202,
    );

    expect(sent.id).toBe("order-17");
    expect(sent.runs.map((run) => run.supersessionKey).sort()).toEqual(
      [`trigger:${pro.id}`, `trigger:${all.id}`].sort(),
    );
    for (const run of sent.runs) expect(run.input).toEqual({ id: "order-17", name: "order.paid", payload });
    expect(await runsOf(free.id)).toEqual([]);

    const again = await expectData<{ runs: RunBody[] }>(
      await send({ name: "order.paid", payload, id: "order-17" }),
      202,
    );
    expect(again.runs).toEqual([]);
    expect(await runsOf(pro.id)).toHaveLength(1);
    expect(await runsOf(all.id)).toHaveLength(1);

    const unnamed = await expectData<{ id: string; runs: RunBody[] }>(
      await send({ name: "order.paid", payload: { customer: { plan: "free" } } }),
      202,
    );
    expect(unnamed.id).toMatch(/^sev_/);
    expect(unnamed.runs.map((run) => run.supersessionKey).sort()).toEqual(
      [`trigger:${all.id}`, `trigger:${free.id}`].sort(),
    );
    for (const trigger of [pro, all, free])
      await expectData(await call("DELETE", `/v1/triggers/${trigger.id}`), 200);
  });

  it("remembers an id for 24 hours: a repeat starts no run, not even of a trigger created since", async () => {
    const first = await createTrigger({ type: "event", definitionId: quick, eventName: "ping" });
    await expectData(await send({ name: "ping", id: "p-1" }), 202);
    const second = await createTrigger({ type: "event", definitionId: quick, eventName: "ping" });

    t.clock.advance(24 * 60 * MINUTE - 1000);
    expect(
      (await expectData<{ runs: RunBody[] }>(await send({ name: "ping", id: "p-1" }), 202)).runs,
    ).toEqual([]);
    expect(await runsOf(second.id)).toEqual([]);

    // Forgotten after 24 hours: the id is new again, but the run it started has its idempotency key for good.
    t.clock.advance(2000);
    const later = await expectData<{ runs: RunBody[] }>(await send({ name: "ping", id: "p-1" }), 202);
    expect(later.runs.map((run) => run.supersessionKey)).toEqual([`trigger:${second.id}`]);
    expect(await runsOf(first.id)).toHaveLength(1);
    for (const trigger of [first, second])
      await expectData(await call("DELETE", `/v1/triggers/${trigger.id}`), 200);
  });

  it("refuses a filter it cannot apply and an event name out of shape", async () => {
    const filter = await expectError(
      await call("POST", "/v1/triggers", {
        type: "event",
        definitionId: quick,
        eventName: "x",
        filter: { "a..b": 1, c: { in: [] }, d: { gt: 3 } },
      }),
      400,
      "VALIDATION_ERROR",
    );
    expect(issuePaths(filter).every((path) => path.startsWith("filter"))).toBe(true);
    await expectError(await send({ name: " spaced ", payload: {} }), 400, "VALIDATION_ERROR");
  });
});

describe("the triggers quota", () => {
  it("answers 429 with Retry-After and the quota's name past the maximum, and frees a place on delete", async () => {
    const b = await signUp(t);
    const definition = (
      await createDefinition(t.request, b.apiKey, [{ type: "task", name: "a", handler: "noop" }])
    ).id;
    const made: TriggerBody[] = [];
    for (let i = 0; i < MAX_TRIGGERS; i++)
      made.push(
        await createTrigger({ type: "event", definitionId: definition, eventName: `e${i}` }, b.apiKey),
      );

    const refused = await call(
      "POST",
      "/v1/triggers",
      { type: "cron", definitionId: definition, cron: "* * * * *" },
      b.apiKey,
    );
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    const error = await expectError(refused, 429, "RATE_LIMIT_ERROR");
    expect(error.message).toContain("maximum triggers per workspace");
    expect(
      await expectData<TriggerBody[]>(await call("GET", "/v1/triggers", undefined, b.apiKey), 200),
    ).toHaveLength(MAX_TRIGGERS);

    await expectData(await call("DELETE", `/v1/triggers/${made[0]?.id}`, undefined, b.apiKey), 200);
    await createTrigger({ type: "event", definitionId: definition, eventName: "again" }, b.apiKey);
  });
});
