import type { CreateTriggerInput, CronTriggerSpec } from "./trigger";
import type { TriggerStatus } from "./trigger-status";

/*
 * A trigger as kept, apart from the API's schemas in trigger.ts: those check cron expressions with
 * cron-parser and its luxon (about 100 kB minified), which the store and the engine do not need to read a
 * trigger, so the functions that only read triggers leave them out of their bundles.
 */

/** What is kept of a trigger: its settings, never changed, and its state. */
export type TriggerSpec = CreateTriggerInput;

export type TriggerRecord = TriggerSpec & {
  id: string;
  workspaceId: string;
  status: TriggerStatus;
  /** Creation, or the latest resume: fires due before it are not the trigger's. */
  activeSince: string;
  /** The latest fire time handled (cron), whether it started a run or was skipped. */
  lastFireAt: string | null;
  lastRunId: string | null;
  /** Why the latest fire handled started no run (overlap, a quota); null when it started one. */
  lastSkipReason: string | null;
  createdAt: string;
  updatedAt: string;
};
export type CronTriggerRecord = TriggerRecord & CronTriggerSpec;

/** What a handled cron fire did: the run it started, or why it started none. */
export type FireOutcome = { runId: string } | { skipReason: string };

export function isCronTrigger(trigger: TriggerRecord): trigger is CronTriggerRecord {
  return trigger.type === "cron";
}

/** The run's supersession key that ties it to its trigger (lists by `triggerId`, overlap). */
export function triggerRunKey(triggerId: string): string {
  return `trigger:${triggerId}`;
}
