import { describe, expect, it } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { expectData, expectError } from "../helpers/requests";
import { createDefinition, listRuns } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * docs/deploy.md, "Quotas": runs a trigger starts count against the workspace's run quotas like runs
 * created over the API. A cron fire past one starts nothing and says why on the trigger; an event past one
 * answers 429 and starts nothing. The app's clock is a ManualClock; fires are sent by hand, as the
 * trigger's schedule would send them.
 */

interface TriggerBody {
  id: string;
  lastFireAt: string | null;
  lastRunId: string | null;
  lastSkipReason: string | null;
}

const MINUTE = 60_000;
const HOLD = [{ type: "external_event", name: "hold", signalType: "go" }];

async function setUp(env: Record<string, string>) {
  const t = await createTestApp({ RATE_LIMIT_PER_MINUTE: "1000000", ...env });
  // 5 s into a minute, so a test's creations fall in one window.
  t.clock.advance(MINUTE - (t.clock.nowMs() % MINUTE) + 5_000);
  const a = await signUp(t);
  const definitionId = (await createDefinition(t.request, a.apiKey, HOLD)).id;
  const call = (method: string, path: string, body?: unknown) =>
    t.request(method, path, { body, headers: withKey(a.apiKey) });
  return { t, a, definitionId, call };
}

/** Delivers the fire of `fireAt` on the step queue, as the trigger's schedule does, and waits for the engine. */
async function fire(t: TestApp, a: SignedUp, triggerId: string, fireAt: string): Promise<void> {
  await t.deps.queue.send({ type: "trigger.fire", workspaceId: a.workspaceId, triggerId, fireAt });
  await t.idle();
}

describe("a cron trigger under the workspace's run quotas", () => {
  it("skips a fire past the live-run quota, saying why on the trigger, and fires again once a run has ended", async () => {
    const { t, a, definitionId, call } = await setUp({ MAX_LIVE_RUNS_PER_WORKSPACE: "2" });
    const trigger = await expectData<TriggerBody>(
      await call("POST", "/v1/triggers", { type: "cron", definitionId, cron: "* * * * *" }),
      201,
    );
    expect(trigger.lastSkipReason).toBeNull();
    const fireAt = (minutes: number) => {
      const ms = t.clock.nowMs() - (t.clock.nowMs() % MINUTE) + minutes * MINUTE;
      return new Date(ms).toISOString();
    };
    const show = async () => expectData<TriggerBody>(await call("GET", `/v1/triggers/${trigger.id}`), 200);
    t.clock.advance(3 * MINUTE);

    await fire(t, a, trigger.id, fireAt(-2));
    await fire(t, a, trigger.id, fireAt(-1));
    // A doubled fire whose run exists creates nothing, so no quota refuses it.
    await fire(t, a, trigger.id, fireAt(-1));
    const [first, second] = (await listRuns(t.request, a.apiKey, { triggerId: trigger.id })).data.reverse();
    expect(await show()).toMatchObject({
      lastFireAt: fireAt(-1),
      lastRunId: second?.id,
      lastSkipReason: null,
    });

    await fire(t, a, trigger.id, fireAt(0));
    expect((await listRuns(t.request, a.apiKey, { triggerId: trigger.id })).data).toHaveLength(2);
    const skipped = await show();
    expect(skipped).toMatchObject({ lastFireAt: fireAt(0), lastRunId: null });
    expect(skipped.lastSkipReason).toBe(
      "Quota reached: maximum live runs per workspace (2); retry when some have ended",
    );

    await expectData(await call("POST", `/v1/workflow-runs/${first?.id}/cancel`), 200);
    t.clock.advance(MINUTE);
    await fire(t, a, trigger.id, fireAt(0));
    const runs = (await listRuns(t.request, a.apiKey, { triggerId: trigger.id })).data;
    expect(runs).toHaveLength(3);
    expect(await show()).toMatchObject({
      lastFireAt: fireAt(0),
      lastRunId: runs[0]?.id,
      lastSkipReason: null,
    });
  });

  it("skips a fire past the creations-per-minute quota, which the API's creations share", async () => {
    const { t, a, definitionId, call } = await setUp({ MAX_RUN_CREATIONS_PER_MINUTE: "2" });
    const trigger = await expectData<TriggerBody>(
      await call("POST", "/v1/triggers", { type: "cron", definitionId, cron: "* * * * *" }),
      201,
    );
    t.clock.advance(MINUTE);
    const fireAt = new Date(t.clock.nowMs() - (t.clock.nowMs() % MINUTE)).toISOString();
    await expectData(await call("POST", "/v1/workflow-runs", { definitionId }), 201);
    await expectData(await call("POST", "/v1/workflow-runs", { definitionId }), 201);

    await fire(t, a, trigger.id, fireAt);

    expect((await listRuns(t.request, a.apiKey, { triggerId: trigger.id })).data).toEqual([]);
    const shown = await expectData<TriggerBody>(await call("GET", `/v1/triggers/${trigger.id}`), 200);
    expect(shown.lastSkipReason).toBe("Quota reached: maximum run creations per minute per workspace (2)");
  });
});

type Call = Awaited<ReturnType<typeof setUp>>["call"];

/** Two triggers matching every `order.paid` event: each event starts two runs. */
async function twoEventTriggers(call: Call, definitionId: string): Promise<void> {
  for (const _ of [1, 2])
    await expectData(
      await call("POST", "/v1/triggers", { type: "event", definitionId, eventName: "order.paid" }),
      201,
    );
}

describe("POST /v1/events under the workspace's run quotas", () => {
  it("answers 429 naming the quota and starts none of the runs past it; the same id goes through later", async () => {
    const { t, a, definitionId, call } = await setUp({ MAX_RUN_CREATIONS_PER_MINUTE: "3" });
    await twoEventTriggers(call, definitionId);
    const send = (id: string) => call("POST", "/v1/events", { name: "order.paid", id, payload: {} });

    const started = await expectData<{ runs: unknown[] }>(await send("order-1"), 202);
    expect(started.runs).toHaveLength(2);
    // Two more runs would make four creations this minute.
    const refused = await send("order-2");
    expect(refused.headers.get("retry-after")).toBe("55");
    const error = await expectError(refused, 429, "RATE_LIMIT_ERROR");
    expect(error.message).toBe("Quota reached: maximum run creations per minute per workspace (3)");
    expect((await listRuns(t.request, a.apiKey, {})).meta.total).toBe(2);

    t.clock.advance(MINUTE);
    const retried = await expectData<{ runs: unknown[] }>(await send("order-2"), 202);
    expect(retried.runs).toHaveLength(2);
    // A repeat whose runs all exist starts none, and no quota stands in its way.
    expect((await expectData<{ runs: unknown[] }>(await send("order-2"), 202)).runs).toEqual([]);
    expect((await listRuns(t.request, a.apiKey, {})).meta.total).toBe(4);
  });

  it("refuses an event whose runs would pass the live-run quota", async () => {
    const { t, a, definitionId, call } = await setUp({ MAX_LIVE_RUNS_PER_WORKSPACE: "3" });
    await twoEventTriggers(call, definitionId);
    await expectData(await call("POST", "/v1/workflow-runs", { definitionId }), 201);
    await expectData(await call("POST", "/v1/workflow-runs", { definitionId }), 201);
    // Settled in WAITING: the live count reads the status lists, which a run moving between two may miss.
    await t.idle();

    const refused = await call("POST", "/v1/events", { name: "order.paid", payload: {} });
    const error = await expectError(refused, 429, "RATE_LIMIT_ERROR");
    expect(error.message).toContain("maximum live runs per workspace (3)");
    expect((await listRuns(t.request, a.apiKey, {})).meta.total).toBe(2);
  });
});
