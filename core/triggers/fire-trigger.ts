import { ConflictError, NotFoundError, RateLimitError } from "../domain/errors";
import { idCreatedAtMs } from "../domain/ids";
import type { TriggerFire } from "../domain/run-messages";
import type { RunRecord } from "../domain/run-record";
import { LIVE_RUN_STATUSES } from "../domain/statuses";
import { isoAt } from "../domain/time";
import { isCronTrigger, triggerRunKey } from "../domain/trigger-record";
import { TriggerStatus } from "../domain/trigger-status";
import type { CommitDeps } from "../engine/commit-run";
import type { Deps } from "../ports/deps";
import { createRun } from "../runs/create-run";
import { admitRunCreation, type RunQuotaDeps } from "../runs/run-quotas";
import { unscheduleTrigger } from "./trigger-schedule";

/**
 * A trigger's schedule is created a moment before its item (manage-triggers.ts), so a fire finding no
 * trigger may be early for one being created; one that is still missing this long after its id was made
 * was deleted (or its creation failed) with the schedule left behind, and the schedule goes.
 */
const ORPHANED_AFTER_MS = 60 * 60 * 1000;

/**
 * Handles a cron trigger's fire. The message only says "look at this trigger": the trigger item decides
 * (deleted or paused: nothing; a fire time that is not one of its own, or from before it was created or
 * resumed: nothing). The run is created through the runs' creation path with the idempotency key
 * `trigger:<id>:<fire time>`, so a doubled or retried fire starts one run, and with the supersession key
 * `trigger:<id>`, which lists the trigger's runs and carries `overlap`. A fire that would start a run past
 * the workspace's run quotas starts none, and says so on the trigger (`lastSkipReason`): retrying it later
 * would start a run out of its time, which is what `catchUp` decides against.
 */
export async function fireTrigger(
  deps: CommitDeps & Pick<Deps, "ids"> & RunQuotaDeps,
  message: TriggerFire,
): Promise<void> {
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
  // Cron arithmetic (cron-parser, about 100 kB) is imported on a process's first fire, not at a cold start.
  const { fireToHandle } = await import("./fire-time");
  const fireAtMs = fireToHandle(trigger, message.fireAt, deps.clock.nowMs());
  if (fireAtMs === undefined) {
    log.info({}, "fire is not due for this trigger: nothing to do");
    return;
  }
  const fireAt = isoAt(fireAtMs);
  const idempotencyKey = `trigger:${triggerId}:${fireAt}`;
  const runKey = triggerRunKey(triggerId);

  const skip = (skipReason: string) =>
    deps.store.triggers.recordFire(workspaceId, triggerId, fireAt, { skipReason });
  const started = await deps.store.runs.runIdForIdempotencyKey(workspaceId, idempotencyKey);
  if (started === undefined && trigger.overlap === "skip") {
    let earlier: RunRecord[];
    try {
      earlier = await deps.store.runs.liveWithSupersessionKey(workspaceId, runKey);
    } catch (error) {
      // The trigger's live runs cannot be read within bounds (docs/limits.md): skipped, as a live run would.
      if (!(error instanceof ConflictError)) throw error;
      log.warn({ reason: error.message }, "fire skipped: the trigger's live runs cannot be read");
      await skip(`overlap: skip (${error.message})`);
      return;
    }
    const live = earlier.find((run) => LIVE_RUN_STATUSES.includes(run.status));
    if (live) {
      log.info({ liveRunId: live.id }, "fire skipped: a run of the trigger is live (overlap: skip)");
      await skip(`overlap: skip (run ${live.id} was live)`);
      return;
    }
  }
  if (started === undefined) {
    try {
      await admitRunCreation(deps, workspaceId);
    } catch (error) {
      if (!(error instanceof RateLimitError)) throw error;
      log.warn({ reason: error.message }, "fire skipped: over the workspace's run quota");
      await skip(error.message);
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
    await deps.store.triggers.recordFire(workspaceId, triggerId, fireAt, { runId: run.id });
  } catch (error) {
    // Definitions are never deleted, but a message must not turn poison if one ever is.
    if (!(error instanceof NotFoundError)) throw error;
    log.error({ definitionId: trigger.definitionId }, "trigger's definition is missing");
  }
}
