import { TriggerStatus } from "../../domain/trigger-status";
import type { TriggerStore } from "../../ports/store";
import { keys } from "../dynamodb/table/keys";
import { byKey, type MemoryState, slot } from "./state";

/** Triggers and sent event ids, with the adapter's quota count, status changes and expiring claims. */
export function createMemoryTriggers(state: MemoryState): TriggerStore {
  const at = (workspaceId: string, triggerId: string) => slot(keys.trigger(workspaceId, triggerId));
  const count = (workspaceId: string) => state.triggerCounts.get(workspaceId) ?? 0;

  return {
    async create(trigger, maxPerWorkspace) {
      const used = count(trigger.workspaceId);
      if (used >= maxPerWorkspace) return { kind: "quota", count: used };
      const where = at(trigger.workspaceId, trigger.id);
      if (state.triggers.has(where)) throw new Error(`Trigger ${trigger.id} exists`);
      state.triggers.set(where, structuredClone(trigger));
      state.triggerCounts.set(trigger.workspaceId, used + 1);
      return { kind: "created" };
    },

    async get(workspaceId, triggerId) {
      return structuredClone(state.triggers.get(at(workspaceId, triggerId)));
    },

    async list(workspaceId) {
      const listed = [...state.triggers.values()]
        .filter((trigger) => trigger.workspaceId === workspaceId)
        .sort((a, b) => byKey(a.id, b.id));
      return structuredClone(listed);
    },

    async count(workspaceId) {
      return count(workspaceId);
    },

    async setStatus(workspaceId, triggerId, status, now) {
      const trigger = state.triggers.get(at(workspaceId, triggerId));
      if (trigger && trigger.status !== status) {
        trigger.status = status;
        trigger.updatedAt = now;
        if (status === TriggerStatus.Active) trigger.activeSince = now;
      }
      return structuredClone(trigger);
    },

    async delete(workspaceId, triggerId) {
      if (!state.triggers.delete(at(workspaceId, triggerId))) return false;
      state.triggerCounts.set(workspaceId, count(workspaceId) - 1);
      return true;
    },

    async recordFire(workspaceId, triggerId, fireAt, outcome) {
      const trigger = state.triggers.get(at(workspaceId, triggerId));
      if (!trigger || (trigger.lastFireAt !== null && trigger.lastFireAt >= fireAt)) return;
      trigger.lastFireAt = fireAt;
      trigger.lastRunId = "runId" in outcome ? outcome.runId : null;
      trigger.lastSkipReason = "skipReason" in outcome ? outcome.skipReason : null;
    },

    async cronTriggers() {
      const listed = [...state.triggers.values()]
        .filter((trigger) => trigger.type === "cron")
        .sort((a, b) => byKey(`${a.workspaceId}#${a.id}`, `${b.workspaceId}#${b.id}`));
      return structuredClone(listed);
    },

    async claimEvent(workspaceId, eventId, triggerIds, nowMs, expiresAtMs) {
      const where = slot(keys.sentEvent(workspaceId, eventId));
      const seen = state.sentEvents.get(where);
      if (seen && seen.expiresAtMs > nowMs) return { kind: "seen", triggerIds: [...seen.triggerIds] };
      state.sentEvents.set(where, { triggerIds: [...triggerIds], expiresAtMs });
      return { kind: "claimed" };
    },
  };
}
