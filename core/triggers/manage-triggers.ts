import { cronLibrary } from "../domain/cron-library";
import { NotFoundError, RateLimitError } from "../domain/errors";
import { isoAt } from "../domain/time";
import type { CreateTriggerInput, Trigger } from "../domain/trigger";
import { isCronTrigger, type TriggerRecord } from "../domain/trigger-record";
import { TriggerStatus } from "../domain/trigger-status";
import type { Deps } from "../ports/deps";
import { scheduleTrigger, unscheduleTrigger } from "./trigger-schedule";

type ManageDeps = Pick<Deps, "store" | "clock" | "ids" | "scheduler" | "config">;

/**
 * A count quota frees only when a trigger is deleted, not with time; every 429 still says when to look
 * again, and a minute is how soon another client of the workspace may have deleted one.
 */
const QUOTA_RETRY_AFTER_SEC = 60;

/**
 * Creates a trigger. A cron trigger's schedule is created before its item: a crash between the two leaves a
 * schedule whose fires find no trigger and start nothing, never a trigger that does not fire.
 */
export async function createTrigger(
  deps: ManageDeps,
  workspaceId: string,
  input: CreateTriggerInput,
): Promise<Trigger> {
  const max = deps.config.MAX_TRIGGERS_PER_WORKSPACE;
  if (!(await deps.store.definitions.get(workspaceId, input.definitionId)))
    throw new NotFoundError("Workflow definition");
  if ((await deps.store.triggers.count(workspaceId)) >= max) throw quotaReached(max);

  const now = isoAt(deps.clock.nowMs());
  const trigger: TriggerRecord = {
    ...input,
    id: deps.ids("trigger"),
    workspaceId,
    status: TriggerStatus.Active,
    activeSince: now,
    lastFireAt: null,
    lastRunId: null,
    lastSkipReason: null,
    createdAt: now,
    updatedAt: now,
  };
  if (isCronTrigger(trigger)) await scheduleTrigger(deps, trigger);
  const created = await deps.store.triggers.create(trigger, max);
  if (created.kind === "quota") {
    if (isCronTrigger(trigger)) await unscheduleTrigger(deps, workspaceId, trigger.id);
    throw quotaReached(max);
  }
  return toTrigger(trigger, deps.clock.nowMs());
}

export async function listTriggers(deps: Pick<Deps, "store" | "clock">, workspaceId: string) {
  const nowMs = deps.clock.nowMs();
  const triggers = await deps.store.triggers.list(workspaceId);
  return Promise.all(triggers.map((trigger) => toTrigger(trigger, nowMs)));
}

export async function getTrigger(
  deps: Pick<Deps, "store" | "clock">,
  workspaceId: string,
  triggerId: string,
): Promise<Trigger> {
  const trigger = await deps.store.triggers.get(workspaceId, triggerId);
  if (!trigger) throw new NotFoundError("Trigger");
  return toTrigger(trigger, deps.clock.nowMs());
}

/**
 * Pauses or resumes. Resuming creates the schedule before the item turns active and pausing removes it
 * after, so a crash leaves at worst a schedule whose fires a paused trigger ignores.
 */
export async function setTriggerStatus(
  deps: ManageDeps,
  workspaceId: string,
  triggerId: string,
  status: TriggerStatus,
): Promise<Trigger> {
  const trigger = await deps.store.triggers.get(workspaceId, triggerId);
  if (!trigger) throw new NotFoundError("Trigger");
  const resuming = status === TriggerStatus.Active;
  if (resuming && isCronTrigger(trigger)) await scheduleTrigger(deps, trigger);
  const now = isoAt(deps.clock.nowMs());
  const updated = await deps.store.triggers.setStatus(workspaceId, triggerId, status, now);
  if (!updated) throw new NotFoundError("Trigger");
  if (!resuming && isCronTrigger(updated)) await unscheduleTrigger(deps, workspaceId, triggerId);
  return toTrigger(updated, deps.clock.nowMs());
}

/** Deletes the trigger, then its schedule (whose fires, should the second step be lost, start nothing). */
export async function deleteTrigger(
  deps: Pick<Deps, "store" | "scheduler">,
  workspaceId: string,
  triggerId: string,
): Promise<void> {
  const trigger = await deps.store.triggers.get(workspaceId, triggerId);
  if (!trigger || !(await deps.store.triggers.delete(workspaceId, triggerId)))
    throw new NotFoundError("Trigger");
  if (isCronTrigger(trigger)) await unscheduleTrigger(deps, workspaceId, triggerId);
}

function quotaReached(max: number): RateLimitError {
  return new RateLimitError(
    QUOTA_RETRY_AFTER_SEC,
    `Quota reached: maximum triggers per workspace (${max}); delete a trigger to create another`,
  );
}

/**
 * The API's trigger: without `activeSince`, and with an active cron trigger's next fire (whose cron
 * arithmetic is imported on first use).
 */
async function toTrigger(trigger: TriggerRecord, nowMs: number): Promise<Trigger> {
  const { activeSince: _, ...shown } = trigger;
  if (!isCronTrigger(trigger)) return shown as Trigger;
  const nextFireAt =
    trigger.status === TriggerStatus.Active
      ? isoAt((await cronLibrary.load()).nextFireAtMs(trigger, nowMs))
      : null;
  return { ...shown, nextFireAt } as Trigger;
}
