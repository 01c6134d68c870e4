import { describe, expect, it } from "vitest";
import { silentLogger } from "../../../core/adapters/log/pino-logger";
import { createMemoryRunsStore } from "../../../core/adapters/memory/runs-store";
import { loadConfig } from "../../../core/config";
import { ConflictError } from "../../../core/domain/errors";
import { createIdGenerator, idCreatedAtMs } from "../../../core/domain/ids";
import { triggerFire } from "../../../core/domain/run-messages";
import type { CronTriggerRecord } from "../../../core/domain/trigger-record";
import { noTelemetry } from "../../../core/ports/telemetry";
import { fireToHandle } from "../../../core/triggers/fire-time";
import { fireTrigger } from "../../../core/triggers/fire-trigger";
import { triggerScheduleName } from "../../../core/triggers/trigger-schedule";
import { fixedClock, recordingQueue, recordingScheduler } from "../engine/builders";

function trigger(catchUp: "none" | "latest"): CronTriggerRecord {
  return {
    type: "cron",
    definitionId: "def_1",
    cron: "*/10 * * * *",
    timezone: "UTC",
    input: {},
    overlap: "allow",
    catchUp,
    id: "trg_1",
    workspaceId: "wsp_1",
    status: "active",
    activeSince: "2026-01-01T10:05:00.000Z",
    lastFireAt: null,
    lastRunId: null,
    lastSkipReason: null,
    createdAt: "2026-01-01T10:05:00.000Z",
    updatedAt: "2026-01-01T10:05:00.000Z",
  };
}

const at = (time: string) => Date.parse(`2026-01-01T${time}Z`);
const handled = (catchUp: "none" | "latest", fireAt: string | undefined, now: string) => {
  const ms = fireToHandle(trigger(catchUp), fireAt && `2026-01-01T${fireAt}Z`, at(now));
  return ms === undefined ? undefined : new Date(ms).toISOString().slice(11, 19);
};

describe("fireToHandle", () => {
  it("takes a fire time of the trigger's, on time or a few seconds early", () => {
    expect(handled("none", "10:10:00", "10:10:00.300")).toBe("10:10:00");
    expect(handled("none", "10:10:00", "10:09:58")).toBe("10:10:00");
    expect(handled("none", "10:10:00", "10:19:59")).toBe("10:10:00");
    // The Scheduler invokes up to a minute late, and the queue may hold the message a while.
    expect(handled("none", "10:10:00", "10:21:59")).toBe("10:10:00");
  });

  it("takes the latest due fire when the message names none", () => {
    expect(handled("none", undefined, "10:27:00")).toBe("10:20:00");
  });

  it("drops times that are not fire times, from the future, or from before the trigger was active", () => {
    expect(handled("latest", "10:11:00", "10:11:00")).toBeUndefined();
    expect(handled("latest", "10:20:00", "10:10:00")).toBeUndefined();
    expect(handled("latest", "10:00:00", "10:01:00")).toBeUndefined();
  });

  it("drops a fire two minutes past the next fire time with catchUp none, and stands it for the latest with latest", () => {
    expect(handled("none", "10:10:00", "10:22:00")).toBeUndefined();
    expect(handled("none", "10:10:00", "10:31:00")).toBeUndefined();
    expect(handled("latest", "10:10:00", "10:31:00")).toBe("10:30:00");
  });
});

/** What fireTrigger needs, on the in-memory store, at `nowMs`. */
function fireDeps(nowMs: number) {
  return {
    // No quotas configured: the store's rate-limit counters are never reached.
    store: { ...createMemoryRunsStore(), rateLimits: undefined as never },
    config: loadConfig({}),
    scheduler: recordingScheduler(),
    queue: recordingQueue(),
    runEventQueue: recordingQueue() as never,
    clock: fixedClock(nowMs),
    random: () => 0.5,
    log: silentLogger,
    mailer: undefined,
    telemetry: noTelemetry,
    ids: createIdGenerator(),
  };
}

describe("fireTrigger, for a trigger that does not exist", () => {
  const orphanAfterIdMs = async (ageMs: number) => {
    const id = createIdGenerator()("trigger");
    const deps = fireDeps((idCreatedAtMs(id) ?? 0) + ageMs);
    const { scheduler } = deps;
    await fireTrigger(deps, triggerFire("wsp_1", id));
    return { cancelled: scheduler.cancelled, name: triggerScheduleName("wsp_1", id) };
  };

  it("leaves the schedule of a trigger that may still be being created", async () => {
    expect((await orphanAfterIdMs(60_000)).cancelled).toEqual([]);
  });

  it("removes the schedule an hour after the trigger's id was made", async () => {
    const { cancelled, name } = await orphanAfterIdMs(2 * 60 * 60 * 1000);
    expect(cancelled).toEqual([name]);
  });
});

describe("fireTrigger, with overlap: skip", () => {
  it("skips the fire, saying why, when the trigger's live runs cannot be read within bounds", async () => {
    const deps = fireDeps(at("10:10:00.300"));
    await deps.store.triggers.create({ ...trigger("none"), overlap: "skip" }, 10);
    const refusal = new ConflictError("The supersession key has more than 5,000 runs and more live runs …");
    deps.store.runs = {
      ...deps.store.runs,
      liveWithSupersessionKey: () => Promise.reject(refusal),
    };

    await fireTrigger(deps, triggerFire("wsp_1", "trg_1"));

    const fired = await deps.store.triggers.get("wsp_1", "trg_1");
    expect(fired).toMatchObject({
      lastFireAt: "2026-01-01T10:10:00.000Z",
      lastRunId: null,
      lastSkipReason: `overlap: skip (${refusal.message})`,
    });
    expect(deps.queue.sent).toEqual([]);
  });
});
