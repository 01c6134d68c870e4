import { performance } from "node:perf_hooks";
import type { Queue } from "../../core/ports/queue";
import type { Scheduler } from "../../core/ports/scheduler";
import type { EngineWorker } from "../../functions/advancer";
import type { Tally } from "./tally";

/**
 * Decorators over the engine's ports, so the bench counts what the engine asks of SQS and the Scheduler
 * and how long a worker invocation takes, without touching the engine's code.
 */

/** `queue.send` (every doorbell is one SQS SendMessage in AWS) and `queue.delayed` (DelaySeconds > 0). */
export function countingQueue(inner: Queue, tally: Tally): Queue {
  return {
    async send(message, options) {
      tally.add("queue.send");
      if ((options?.delayMs ?? 0) > 0) tally.add("queue.delayed");
      await inner.send(message, options);
    },
  };
}

/**
 * A gate in front of the queue: while held (from the start), doorbells wait here; release() delivers them in
 * the order they were sent, and every later one at once, until hold() is called again.
 */
export function heldQueue(inner: Queue): { queue: Queue; hold(): void; release(): Promise<void> } {
  let held: Parameters<Queue["send"]>[] | undefined = [];
  return {
    queue: {
      async send(message, options) {
        if (held) held.push([message, options]);
        else await inner.send(message, options);
      },
    },
    hold() {
      held ??= [];
    },
    async release() {
      const waiting = held ?? [];
      held = undefined;
      for (const [message, options] of waiting) await inner.send(message, options);
    },
  };
}

/** `scheduler.schedule`: one EventBridge Scheduler one-shot, which later makes one SQS send of its own. */
export function countingScheduler(inner: Scheduler, tally: Tally): Scheduler {
  return {
    async schedule(name, atMs, message) {
      tally.add("scheduler.schedule");
      await inner.schedule(name, atMs, message);
    },
    async scheduleRecurring(name, schedule, message) {
      tally.add("scheduler.scheduleRecurring");
      await inner.scheduleRecurring(name, schedule, message);
    },
    async cancel(name) {
      tally.add("scheduler.cancel");
      await inner.cancel(name);
    },
  };
}

/**
 * One call of the advancer is what one Lambda invocation does with one SQS message (batch size 1), so its
 * wall time stands for the billed duration: `advance.calls`, `advance.ms`, `advance.errors`.
 */
export function timedAdvancer(inner: EngineWorker, tally: Tally): EngineWorker {
  return async (doorbell) => {
    const started = performance.now();
    tally.add("advance.calls");
    try {
      await inner(doorbell);
    } catch (error) {
      tally.add("advance.errors");
      throw error;
    } finally {
      tally.add("advance.ms", performance.now() - started);
    }
  };
}
