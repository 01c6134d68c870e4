import { describe, expect, it } from "vitest";
import type { RunBody } from "../helpers/api-types";
import { expectData, expectError, issuePaths } from "../helpers/requests";
import { call, createTrigger, MINUTE, quick, runsOf, setUpTriggers, t } from "./triggers-fixtures";

/**
 * Event triggers and POST /v1/events: the runs an event starts (of the matching triggers only, with the
 * event as input), an event id remembered for 24 hours, and a filter or event name refused.
 */
setUpTriggers();

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
