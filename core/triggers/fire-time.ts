import { isFireTime, latestFireAtMs, nextFireAtMs } from "../domain/cron";
import type { CronTriggerRecord } from "../domain/trigger-record";

/** How far ahead of this process's clock a fire may be stamped (the scheduler's clock is not ours). */
const CLOCK_SKEW_MS = 5_000;
/**
 * EventBridge Scheduler invokes within 60 s of a fire time, and the queue adds its own delay: a fire is
 * late only once the next fire time is this far behind.
 */
const LATE_AFTER_NEXT_MS = 2 * 60 * 1000;

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
