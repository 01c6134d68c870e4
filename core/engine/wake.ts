import { createHash } from "node:crypto";
import { waitDueAtMs } from "../domain/run-cursor";
import { runDoorbell } from "../domain/run-messages";
import type { RunRecord } from "../domain/run-record";
import { RunStatus } from "../domain/statuses";
import type { Deps } from "../ports/deps";
import { MAX_QUEUE_DELAY_MS } from "../ports/queue";

/**
 * The one moment a committed run will next need a worker by itself: a wait's end, a retry, a deadline, a
 * debounce window's close. Lease expiries are left to the sweeper: they only matter when a worker died.
 */
export function timedWakeAtMs(run: RunRecord): number | undefined {
  if (run.status === RunStatus.Pending) {
    // A run held back by its throttle starts when the throttle's period lets it (docs/triggers.md).
    if (run.waiting) return run.waiting.for === "throttle" ? run.waiting.recheckAtMs : undefined;
    return run.debounceWindow?.startAtMs;
  }
  const active = run.active;
  if (!active) return undefined;
  if (run.status === RunStatus.Running && active.retryAtMs !== null) return active.retryAtMs;
  if (run.status !== RunStatus.Waiting && run.status !== RunStatus.Paused) return undefined;
  return active.wait ? waitDueAtMs(active.wait) : undefined;
}

/**
 * Names the schedule of the run's current wake-up, so whoever ends the wait can remove it. The name is
 * derived from the step run, its attempt and the moment: a wait's deadline and the retry that follows it
 * share the step run and attempt, and must not share a schedule. Hashed, as Scheduler names are at most
 * 64 characters.
 */
export function wakeScheduleName(run: RunRecord): string | undefined {
  const active = run.active;
  const atMs = timedWakeAtMs(run);
  if (atMs === undefined) return undefined;
  // A run before it starts has no step: its debounce window's close or throttle's opening is named by the moment.
  const waking = active
    ? `${active.stepRun.id}:${active.stepRun.attempt}`
    : `${run.id}:${run.waiting?.for ?? "debounce"}`;
  const wake = createHash("sha256").update(`${waking}:${atMs}`);
  return `${run.id}-${wake.digest("hex").slice(0, 24)}`;
}

/**
 * Rings the run's doorbell when its timer is due. Up to 15 minutes ahead an SQS delayed message carries it
 * (one request, $0.40 per million); further ahead an EventBridge Scheduler one-shot schedule does ($1 per
 * million invocations plus the SQS send). If either is lost, the sweeper rings instead.
 */
export async function scheduleWake(
  deps: Pick<Deps, "queue" | "scheduler" | "clock">,
  run: RunRecord,
): Promise<void> {
  const atMs = timedWakeAtMs(run);
  if (atMs === undefined) return;
  const delayMs = Math.max(0, atMs - deps.clock.nowMs());
  const doorbell = runDoorbell(run.workspaceId, run.id, run.priority);
  const name = wakeScheduleName(run);
  if (delayMs <= MAX_QUEUE_DELAY_MS || name === undefined) await deps.queue.send(doorbell, { delayMs });
  else await deps.scheduler.schedule(name, atMs, doorbell);
}

/**
 * Arms the run's wake-up again, when it is still ahead, as a schedule named as scheduleWake names it: arming
 * it twice arms one, and whoever ends the wait removes it. For the local service, whose wake-ups (timers,
 * delayed messages) die with its process: the start-up sweep rings every unfinished run, and a run found not
 * yet due (a wait, a retry's backoff, an approval's reminder or deadline, a debounce window, a throttle, a
 * check of child runs) gets its wake-up back from that doorbell, instead of waiting for the periodic sweep,
 * which sees it only once its sweep bucket has passed (run-due.ts).
 */
export async function rearmWake(deps: Pick<Deps, "scheduler" | "clock">, run: RunRecord): Promise<void> {
  const atMs = timedWakeAtMs(run);
  const name = wakeScheduleName(run);
  // One already due is no re-arming's business: its plan acted, or it is another's (a lease's, a slot's).
  if (atMs === undefined || name === undefined || atMs <= deps.clock.nowMs()) return;
  await deps.scheduler.schedule(name, atMs, runDoorbell(run.workspaceId, run.id, run.priority));
}
