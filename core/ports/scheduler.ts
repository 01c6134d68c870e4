import type { CronSchedule } from "../domain/cron";
import type { RunDoorbell, TriggerFire } from "../domain/run-messages";

/**
 * One-shot timers: "send this message to the step queue at time T". EventBridge Scheduler `at()` schedules
 * in AWS (about a minute of precision, deleted after they fire), timers locally. Names are unique per
 * purpose, so scheduling the same name again replaces nothing and cancelling an unknown name is a no-op.
 */
export interface Scheduler {
  /** Idempotent for a given name: a second call with the same name succeeds without a second schedule. */
  schedule(name: string, atMs: number, message: RunDoorbell): Promise<void>;
  /**
   * A recurring schedule: `message` at every fire time of `schedule` (in its time zone), with the fire time
   * in `fireAt`, until cancelled. EventBridge Scheduler `cron()` schedules in AWS, timers locally (re-armed
   * at start-up from the store). Idempotent for a given name, like `schedule`.
   */
  scheduleRecurring(name: string, schedule: CronSchedule, message: TriggerFire): Promise<void>;
  /** Removes a pending or recurring schedule; no error when it has fired already or never existed. */
  cancel(name: string): Promise<void>;
}
