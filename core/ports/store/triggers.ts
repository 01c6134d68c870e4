import type { FireOutcome, TriggerRecord } from "../../domain/trigger-record";
import type { TriggerStatus } from "../../domain/trigger-status";

export type TriggerCreation = { kind: "created" } | { kind: "quota"; count: number };

/** The events sent with an `id`, remembered for deduplication. */
export type EventClaim =
  /** The id is new: the caller starts the runs of `triggerIds`. */
  | { kind: "claimed" }
  /** The id was sent before (and not yet forgotten): the triggers that send matched. */
  | { kind: "seen"; triggerIds: string[] };

export interface TriggerStore {
  /**
   * Adds the trigger unless its workspace has `maxPerWorkspace` already: the count and the trigger are
   * written together, so concurrent creations never pass the quota.
   */
  create(trigger: TriggerRecord, maxPerWorkspace: number): Promise<TriggerCreation>;
  /** Strongly consistent. */
  get(workspaceId: string, triggerId: string): Promise<TriggerRecord | undefined>;
  /** The workspace's triggers, oldest first (a list the quota bounds). */
  list(workspaceId: string): Promise<TriggerRecord[]>;
  /** How many triggers the workspace has. */
  count(workspaceId: string): Promise<number>;
  /** Pauses or resumes (resuming sets `activeSince`); the updated trigger, or undefined when absent. */
  setStatus(
    workspaceId: string,
    triggerId: string,
    status: TriggerStatus,
    now: string,
  ): Promise<TriggerRecord | undefined>;
  /** @returns false when the workspace has no such trigger. */
  delete(workspaceId: string, triggerId: string): Promise<boolean>;
  /**
   * Notes a handled fire and its outcome (`lastRunId`, or `lastSkipReason`): `lastFireAt` moves forward only
   * (a late, older fire leaves a newer one standing). Nothing when the trigger is gone.
   */
  recordFire(workspaceId: string, triggerId: string, fireAt: string, outcome: FireOutcome): Promise<void>;
  /** Every cron trigger of every workspace, paused ones included: what the local start-up re-arms. */
  cronTriggers(): Promise<TriggerRecord[]>;
  /**
   * Claims an event id for 24 hours (`expiresAtMs`) with the triggers it matched, or answers what the
   * earlier send with that id matched. An id whose claim has expired is claimed anew.
   */
  claimEvent(
    workspaceId: string,
    eventId: string,
    triggerIds: string[],
    nowMs: number,
    expiresAtMs: number,
  ): Promise<EventClaim>;
}
