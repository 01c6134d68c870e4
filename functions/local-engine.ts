import { InProcessQueue } from "../core/adapters/local/in-process-queue";
import { createInProcessRunFeed } from "../core/adapters/local/in-process-run-feed";
import { TimerScheduler } from "../core/adapters/local/timer-scheduler";
import { type RunEventMessage, runEventMessageKey } from "../core/domain/run-event-messages";
import { DEFAULT_DOORBELL_PRIORITY } from "../core/domain/run-messages";
import { sweepOverdueRuns } from "../core/engine/sweeper";
import type { Clock } from "../core/ports/clock";
import type { Deps } from "../core/ports/deps";
import type { Logger } from "../core/ports/logger";
import { sweepRunEventOutbox } from "../core/run-events/sweeper";
import { createRunEventWorker } from "../core/run-events/worker";
import { rearmCronTriggers } from "../core/triggers/rearm";
import { buildAdvancer } from "./advancer";

/** Local timers are exact, so the periodic sweep only needs to cover timers lost with a previous process. */
const SWEEP_INTERVAL_MS = 5_000;
const SWEEP_GRACE_MS = 1_000;
/** Far enough ahead to include every run the sweep index holds. */
const EVERYTHING = "9999-12-31T23:59:59.999Z";

/**
 * The engine of the local service (and of the tests): an in-process queue with bounded concurrency, timers
 * for schedules, a run feed for the live streams, and the sweeper, run once over every unfinished run at start-up and then periodically.
 */
export function createLocalTransport(options: {
  concurrency: number;
  log: Logger;
  clock: Clock;
  /** For tests that run a faster clock: see TimerSchedulerOptions. */
  clockMsPerMs?: number;
}) {
  const queue = new InProcessQueue({ concurrency: options.concurrency, log: options.log });
  const scheduler = new TimerScheduler({ queue, clock: options.clock, clockMsPerMs: options.clockMsPerMs });
  // The outbox's dispatches and webhook attempts have their own queue and workers: a slow receiver or mail
  // server never holds a run's.
  const runEventQueue = new InProcessQueue<RunEventMessage>({
    concurrency: options.concurrency,
    log: options.log,
    keyOf: runEventMessageKey,
    laneOf: (message) => message.workspaceId,
    priorityOf: () => DEFAULT_DOORBELL_PRIORITY,
  });
  let sweeper: NodeJS.Timeout | undefined;

  return {
    queue,
    runEventQueue,
    scheduler,
    // Steps and streams share this process: a stream hears of commits and token deltas at once.
    feed: createInProcessRunFeed(),

    /**
     * Starts delivering messages. The first sweep rings every unfinished run: after a restart, its queue
     * messages and timers are gone, and any step it was running was cut short; the advancer arms the wake-up
     * of each run not yet due again (rearmWakeUps). Cron triggers' timers are armed again from the store.
     */
    async start(deps: Deps, settings: { sweepIntervalMs?: number } = {}): Promise<void> {
      const advance = buildAdvancer(deps, {
        takeOverLeasesGrantedBeforeMs: options.clock.nowMs(),
        rearmWakeUps: true,
      });
      queue.start(advance, (waitedMs) =>
        deps.telemetry.metrics([{ name: "weft_queue_age_ms", value: waitedMs }]),
      );
      runEventQueue.start(createRunEventWorker(deps));
      await sweepOverdueRuns(deps, { dueBy: EVERYTHING });
      await sweepRunEventOutbox(deps, { dueBy: EVERYTHING });
      await rearmCronTriggers(deps);
      const intervalMs = settings.sweepIntervalMs ?? SWEEP_INTERVAL_MS;
      if (intervalMs > 0) {
        sweeper = setInterval(() => {
          sweepOverdueRuns(deps, { graceMs: SWEEP_GRACE_MS }).catch((error: unknown) =>
            options.log.error({ err: error }, "sweep failed"),
          );
          sweepRunEventOutbox(deps, { graceMs: SWEEP_GRACE_MS }).catch((error: unknown) =>
            options.log.error({ err: error }, "run-event sweep failed"),
          );
        }, intervalMs);
      }
    },

    /** Stops taking new work and waits for the steps in flight. */
    async stop(): Promise<void> {
      clearInterval(sweeper);
      scheduler.stop();
      await queue.stop();
      await runEventQueue.stop();
    },
  };
}
