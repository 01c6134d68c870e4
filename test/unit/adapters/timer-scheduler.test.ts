import { describe, expect, it } from "vitest";
import { TimerScheduler } from "../../../core/adapters/local/timer-scheduler";
import { type EngineMessage, triggerFire } from "../../../core/domain/run-messages";
import { FastClock } from "../../helpers/fast-clock";

const FACTOR = 600; // a minute every 100 ms

function setUp() {
  const sent: EngineMessage[] = [];
  const clock = new FastClock(FACTOR, Date.parse("2026-01-01T10:00:30.000Z"));
  const queue = { send: async (message: EngineMessage) => void sent.push(message) };
  return { sent, scheduler: new TimerScheduler({ queue, clock, clockMsPerMs: FACTOR }) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("TimerScheduler.scheduleRecurring", () => {
  it("sends the message at each fire time of the clock, naming the fire, until cancelled", async () => {
    const { sent, scheduler } = setUp();
    const schedule = { cron: "* * * * *", timezone: "UTC" };

    await scheduler.scheduleRecurring("trigger:w:t", schedule, triggerFire("w", "t"));
    await scheduler.scheduleRecurring("trigger:w:t", schedule, triggerFire("w", "t"));
    await sleep(200);
    await scheduler.cancel("trigger:w:t");
    const fired = sent.length;
    await sleep(150);

    expect(sent.slice(0, 2)).toEqual([
      { ...triggerFire("w", "t"), fireAt: "2026-01-01T10:01:00.000Z" },
      { ...triggerFire("w", "t"), fireAt: "2026-01-01T10:02:00.000Z" },
    ]);
    expect(sent).toHaveLength(fired);
    // Scheduled twice under one name, it still fires once per fire time.
    expect(new Set(sent.map((message) => JSON.stringify(message))).size).toBe(sent.length);
  });
});
