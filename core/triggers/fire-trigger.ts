import { isFireTime, latestFireAtMs, nextFireAtMs } from "../domain/cron";
import { NotFoundError } from "../domain/errors";
import { idCreatedAtMs } from "../domain/ids";
import type { TriggerFire } from "../domain/run-messages";
import { LIVE_RUN_STATUSES } from "../domain/statuses";
import { isoAt } from "../domain/time";
import { type CronTriggerRecord, isCronTrigger, TriggerStatus, triggerRunKey } from "../domain/trigger";
import type { CommitDeps } from "../engine/commit-run";
import type { Deps } from "../ports/deps";
import { createRun } from "../runs/create-run";
import { unscheduleTrigger } from "./trigger-schedule";

/** How far ahead of this process's clock a fire may be stamped (the scheduler's clock is not ours). */
const CLOCK_SKEW_MS = 5_000;
/**
 * A trigger's schedule is created a moment before its item (manage-triggers.ts), so a fire finding no
 * trigger may be early for one being created; one that is still missing this long after its id was made
 * was deleted (or its creation failed) with the schedule left behind, and the schedule goes.
 */
const ORPHANED_AFTER_MS = 60 * 60 * 1000;
/**
 * EventBridge Scheduler invokes within 60 s of a fire time, and the queue adds its own delay: a fire is
 * late only once the next fire time is this far behind.
 */
const LATE_AFTER_NEXT_MS = 2 * 60 * 1000;

/**
 * Handles a cron trigger's fire. The message only says "look at this trigger": the trigger item decides
 * (deleted or paused: nothing; a fire time that is not one of its own, or from before it was created or
 * resumed: nothing). The run is created through the runs' creation path with the idempotency key
 * `trigger:<id>:<fire time>`, so a doubled or retried fire starts one run, and with the supersession key
 * `trigger:<id>`, which lists the trigger's runs and carries `overlap`.
 */
export async function fireTrigger(deps: CommitDeps & Pick<Deps, "ids">, message: TriggerFire): Promise<void> {
  const { workspaceId, triggerId } = message;
  const log = deps.log.child({ workspaceId, triggerId, fireAt: message.fireAt });
  const trigger = await deps.store.triggers.get(workspaceId, triggerId);
  if (!trigger) {
    const createdAtMs = idCreatedAtMs(triggerId);
    if (createdAtMs !== undefined && deps.clock.nowMs() - createdAtMs > ORPHANED_AFTER_MS) {
      log.warn({}, "fire of a trigger that no longer exists: removing its schedule");
      await unscheduleTrigger(deps, workspaceId, triggerId);
    }
    return;
  }
  if (!isCronTrigger(trigger) || trigger.status !== TriggerStatus.Active) {
    log.info({}, "fire of a paused trigger: nothing to do");
    return;
  }
  const fireAtMs = fireToHandle(trigger, message.fireAt, deps.clock.nowMs());
  if (fireAtMs === undefined) {
    log.info({}, "fire is not due for this trigger: nothing to do");
    return;
  }
  const fireAt = isoAt(fireAtMs);
  const idempotencyKey = `trigger:${triggerId}:${fireAt}`;
  const runKey = triggerRunKey(triggerId);

  const started = await deps.store.runs.runIdForIdempotencyKey(workspaceId, idempotencyKey);
  if (started === undefined && trigger.overlap === "skip") {
    const earlier = await deps.store.runs.withSupersessionKey(workspaceId, runKey);
    const live = earlier.find((run) => LIVE_RUN_STATUSES.includes(run.status));
    if (live) {
      log.info({ liveRunId: live.id }, "fire skipped: a run of the trigger is live (overlap: skip)");
      await deps.store.triggers.recordFire(workspaceId, triggerId, fireAt, null);
      return;
    }
  }
  try {
    const { run } = await createRun(deps, workspaceId, {
      definitionId: trigger.definitionId,
      input: trigger.input,
      idempotencyKey,
      supersessionKey: runKey,
      supersedeExisting: trigger.overlap === "supersede",
    });
    await deps.store.triggers.recordFire(workspaceId, triggerId, fireAt, run.id);
  } catch (error) {
    // Definitions are never deleted, but a message must not turn poison if one ever is.
    if (!(error instanceof NotFoundError)) throw error;
    log.error({ definitionId: trigger.definitionId }, "trigger's definition is missing");
  }
}

/**
 * The fire time a message stands for, or undefined when it starts nothing. A late fire (handled once the
 * next fire time is LATE_AFTER_NEXT_MS behind: an outage, a backlog) is dropped with `catchUp: none`, and
 * stands for the latest due one with `catchUp: latest`, which that one's own fire then finds started.
 */
export function fireToHandle(
  trigger: CronTriggerRecord,
  fireAt: string | undefined,
  nowMs: number,
): number | undefined {
  const latestMs = latestFireAtMs(trigger, nowMs);
  const requestedMs = fireAt === undefined ? latestMs : Date.parse(fireAt);
  if (Number.isNaN(requestedMs) || requestedMs > nowMs + CLOCK_SKEW_MS) return undefined;
  if (!isFireTime(trigger, requestedMs) || requestedMs < Date.parse(trigger.activeSince)) return undefined;
  if (nowMs < nextFireAtMs(trigger, requestedMs) + LATE_AFTER_NEXT_MS) return requestedMs;
  return trigger.catchUp === "latest" ? latestMs : undefined;
}
