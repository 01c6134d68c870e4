import { triggerFire } from "../domain/run-messages";
import type { CronTriggerRecord } from "../domain/trigger-record";
import type { Deps } from "../ports/deps";

/** The recurring schedule of a cron trigger: one per trigger, named after it. */
export function triggerScheduleName(workspaceId: string, triggerId: string): string {
  return `trigger:${workspaceId}:${triggerId}`;
}

/** Creates the trigger's recurring schedule (idempotent: an existing one stands). */
export function scheduleTrigger(deps: Pick<Deps, "scheduler">, trigger: CronTriggerRecord): Promise<void> {
  return deps.scheduler.scheduleRecurring(
    triggerScheduleName(trigger.workspaceId, trigger.id),
    { cron: trigger.cron, timezone: trigger.timezone },
    triggerFire(trigger.workspaceId, trigger.id),
  );
}

export function unscheduleTrigger(
  deps: Pick<Deps, "scheduler">,
  workspaceId: string,
  triggerId: string,
): Promise<void> {
  return deps.scheduler.cancel(triggerScheduleName(workspaceId, triggerId));
}
