import { beforeEach, describe, expect, it } from "vitest";
import type { TriggerRecord } from "../../core/domain/trigger-record";
import type { RunsStore } from "../../core/ports/store";
import type { MakeStore } from "./runs-store.contract";

const ws = "wsp_triggers";
const T0 = "2030-01-01T00:00:00.000Z";

/** What every new trigger holds besides its settings. */
const fresh = (id: string, workspaceId: string) => ({
  id,
  workspaceId,
  status: "active" as const,
  activeSince: T0,
  lastFireAt: null,
  lastRunId: null,
  lastSkipReason: null,
  createdAt: T0,
  updatedAt: T0,
});

function cronTrigger(id: string, workspaceId = ws): TriggerRecord {
  return {
    type: "cron",
    definitionId: "def_1",
    cron: "*/5 * * * *",
    timezone: "Europe/Paris",
    input: { nested: { deep: [1, { a: null }] } },
    overlap: "skip",
    catchUp: "latest",
    ...fresh(id, workspaceId),
  };
}

function eventTrigger(id: string, workspaceId = ws): TriggerRecord {
  return {
    type: "event",
    definitionId: "def_1",
    eventName: "order.paid",
    filter: { "customer.plan": "pro", region: { in: ["eu", null, 3] } },
    ...fresh(id, workspaceId),
  };
}

/** Triggers: the quota counted with the writes, status changes, fires moving forward, event ids expiring. */
export function describeTriggers(makeStore: MakeStore): void {
  describe("triggers", () => {
    let store: RunsStore;

    beforeEach(async () => {
      store = await makeStore();
    });

    it("reads a trigger back whole, lists a workspace's oldest first, and counts them", async () => {
      const [second, first, elsewhere] = [
        eventTrigger("trg_000002"),
        cronTrigger("trg_000001"),
        cronTrigger("trg_000003", "wsp_other"),
      ];
      for (const trigger of [second, first, elsewhere])
        expect(await store.triggers.create(trigger, 10)).toEqual({ kind: "created" });

      expect(await store.triggers.get(ws, first.id)).toEqual(first);
      expect(await store.triggers.get(ws, second.id)).toEqual(second);
      expect(await store.triggers.get("wsp_other", first.id)).toBeUndefined();
      expect(await store.triggers.list(ws)).toEqual([first, second]);
      expect(await store.triggers.count(ws)).toBe(2);
      expect((await store.triggers.cronTriggers()).map((t) => t.id).sort()).toEqual([first.id, elsewhere.id]);
    });

    it("refuses a creation past the quota, even concurrent ones, and frees a place on delete", async () => {
      const results = await Promise.all(
        ["trg_1", "trg_2", "trg_3", "trg_4", "trg_5"].map((id) => store.triggers.create(eventTrigger(id), 3)),
      );

      expect(results.filter((result) => result.kind === "created")).toHaveLength(3);
      expect(await store.triggers.count(ws)).toBe(3);
      expect(await store.triggers.list(ws)).toHaveLength(3);
      const [kept] = await store.triggers.list(ws);
      expect(await store.triggers.delete(ws, kept?.id ?? "")).toBe(true);
      expect(await store.triggers.delete(ws, kept?.id ?? "")).toBe(false);
      expect(await store.triggers.count(ws)).toBe(2);
      expect(await store.triggers.create(eventTrigger("trg_6"), 3)).toEqual({ kind: "created" });
      expect(await store.triggers.create(eventTrigger("trg_7"), 3)).toEqual({ kind: "quota", count: 3 });
    });

    it("pauses and resumes, moving activeSince only on a resume of a paused trigger", async () => {
      const trigger = cronTrigger("trg_1");
      await store.triggers.create(trigger, 10);

      const paused = await store.triggers.setStatus(ws, trigger.id, "paused", "2030-01-02T00:00:00.000Z");
      expect(paused).toEqual({ ...trigger, status: "paused", updatedAt: "2030-01-02T00:00:00.000Z" });
      const resumed = await store.triggers.setStatus(ws, trigger.id, "active", "2030-01-03T00:00:00.000Z");
      const third = "2030-01-03T00:00:00.000Z";
      expect(resumed).toEqual({ ...trigger, status: "active", activeSince: third, updatedAt: third });
      expect(await store.triggers.setStatus(ws, trigger.id, "active", "2030-01-04T00:00:00.000Z")).toEqual(
        resumed,
      );
      expect(await store.triggers.setStatus(ws, "trg_none", "paused", third)).toBeUndefined();
    });

    it("records fires forward only, and nothing for a trigger that is gone", async () => {
      const trigger = cronTrigger("trg_1");
      await store.triggers.create(trigger, 10);

      await store.triggers.recordFire(ws, trigger.id, "2030-01-01T00:10:00.000Z", { runId: "run_2" });
      await store.triggers.recordFire(ws, trigger.id, "2030-01-01T00:05:00.000Z", { runId: "run_1" });
      expect(await store.triggers.get(ws, trigger.id)).toMatchObject({
        lastFireAt: "2030-01-01T00:10:00.000Z",
        lastRunId: "run_2",
        lastSkipReason: null,
      });
      await store.triggers.recordFire(ws, trigger.id, "2030-01-01T00:15:00.000Z", { skipReason: "quota" });
      expect(await store.triggers.get(ws, trigger.id)).toMatchObject({
        lastFireAt: "2030-01-01T00:15:00.000Z",
        lastRunId: null,
        lastSkipReason: "quota",
      });
      await store.triggers.recordFire(ws, trigger.id, "2030-01-01T00:16:00.000Z", { runId: "run_4" });
      expect(await store.triggers.get(ws, trigger.id)).toMatchObject({
        lastRunId: "run_4",
        lastSkipReason: null,
      });

      await store.triggers.delete(ws, trigger.id);
      await store.triggers.recordFire(ws, trigger.id, "2030-01-01T00:20:00.000Z", { runId: "run_3" });
      expect(await store.triggers.get(ws, trigger.id)).toBeUndefined();
    });

    it("claims an event id once until it expires, answering what the first claim matched", async () => {
      const now = Date.parse(T0);
      expect(await store.triggers.claimEvent(ws, "e-1", ["trg_1", "trg_2"], now, now + 1000)).toEqual({
        kind: "claimed",
      });
      expect(await store.triggers.claimEvent(ws, "e-1", ["trg_3"], now + 999, now + 2000)).toEqual({
        kind: "seen",
        triggerIds: ["trg_1", "trg_2"],
      });
      expect(await store.triggers.claimEvent("wsp_other", "e-1", [], now, now + 1000)).toEqual({
        kind: "claimed",
      });
      expect(await store.triggers.claimEvent(ws, "e-1", [], now + 1000, now + 3000)).toEqual({
        kind: "claimed",
      });
      expect(await store.triggers.claimEvent(ws, "e-1", ["trg_9"], now + 1001, now + 3000)).toEqual({
        kind: "seen",
        triggerIds: [],
      });
    });
  });
}
