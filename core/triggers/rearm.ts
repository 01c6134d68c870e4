import { latestFireAtMs } from "../domain/cron";
import { isoAt } from "../domain/time";
import { type CronTriggerRecord, isCronTrigger } from "../domain/trigger-record";
import { TriggerStatus } from "../domain/trigger-status";
import type { Deps } from "../ports/deps";
import { scheduleTrigger } from "./trigger-schedule";

/**
 * The local service's start-up: its timers died with the previous process, so every active cron trigger's
 * schedule is armed again, and a trigger with `catchUp: latest` whose latest due fire was not handled gets
 * that fire now (with `none`, fires due while the service was down are not made up). In AWS the schedules
 * live in EventBridge Scheduler and nothing needs re-arming.
 */
export async function rearmCronTriggers(deps: Pick<Deps, "store" | "scheduler" | "queue" | "clock">) {
  const triggers = (await deps.store.triggers.cronTriggers()).filter(
    (trigger): trigger is CronTriggerRecord =>
      isCronTrigger(trigger) && trigger.status === TriggerStatus.Active,
  );
  const nowMs = deps.clock.nowMs();
  for (const trigger of triggers) {
    await scheduleTrigger(deps, trigger);
    const missed = missedFireAt(trigger, nowMs);
    if (missed !== undefined) {
      await deps.queue.send({
        type: "trigger.fire",
        workspaceId: trigger.workspaceId,
        triggerId: trigger.id,
        fireAt: missed,
      });
    }
  }
  return triggers.length;
}

/** The latest due fire, when `catchUp: latest` asks for it and it was not handled. */
function missedFireAt(trigger: CronTriggerRecord, nowMs: number): string | undefined {
  if (trigger.catchUp !== "latest") return undefined;
  const latest = isoAt(latestFireAtMs(trigger, nowMs));
  if (latest < trigger.activeSince) return undefined;
  if (trigger.lastFireAt !== null && trigger.lastFireAt >= latest) return undefined;
  return latest;
}
