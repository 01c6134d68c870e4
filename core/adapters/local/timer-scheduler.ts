import { type CronSchedule, latestFireAtMs, nextFireAtMs } from "../../domain/cron";
import type { EngineMessage, TriggerFire } from "../../domain/run-messages";
import type { Clock } from "../../ports/clock";
import type { Queue } from "../../ports/queue";
import type { Scheduler } from "../../ports/scheduler";

/** setTimeout stores delays in 32 bits; longer waits are re-armed in steps of this. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface TimerSchedulerOptions {
  queue: Queue;
  clock: Clock;
  /**
   * How many of the clock's milliseconds pass per real one: 1 with the system clock; tests that run a
   * faster clock say how much faster, so timers fire when the clock, not the wall, reaches their time.
   */
  clockMsPerMs?: number;
}

/**
 * Schedules of the local service, as timers that hand the message to the in-process queue. They live in
 * memory: after a restart the start-up sweep rings every unfinished run, and the advancer arms again the
 * wake-up of each one not yet due (rearmWake), since each run's next due time is in its own item; the
 * start-up re-arms every active cron trigger from the store.
 */
export class TimerScheduler implements Scheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly clockMsPerMs: number;

  constructor(private readonly deps: TimerSchedulerOptions) {
    this.clockMsPerMs = deps.clockMsPerMs ?? 1;
  }

  async schedule(name: string, atMs: number, message: EngineMessage): Promise<void> {
    if (this.timers.has(name)) return;
    this.arm(name, atMs, () => {
      this.timers.delete(name);
      void this.deps.queue.send(message);
    });
  }

  async scheduleRecurring(name: string, schedule: CronSchedule, message: TriggerFire): Promise<void> {
    if (this.timers.has(name)) return;
    const armFor = (atMs: number): void =>
      this.arm(name, atMs, () => {
        const nowMs = this.deps.clock.nowMs();
        // A timer may wake a moment before the clock reaches its time (rounding, a scaled clock).
        if (nowMs < atMs) return armFor(atMs);
        // The fire time due now, not the one armed for: a timer that fires late (a busy process, a
        // suspended laptop) sends the latest fire, as a fire that was missed would be caught up.
        void this.deps.queue.send({
          ...message,
          fireAt: new Date(latestFireAtMs(schedule, nowMs)).toISOString(),
        });
        armFor(nextFireAtMs(schedule, nowMs));
      });
    armFor(nextFireAtMs(schedule, this.deps.clock.nowMs()));
  }

  async cancel(name: string): Promise<void> {
    clearTimeout(this.timers.get(name));
    this.timers.delete(name);
  }

  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private arm(name: string, atMs: number, fire: () => void): void {
    const delayMs = Math.max(0, Math.ceil((atMs - this.deps.clock.nowMs()) / this.clockMsPerMs));
    const timer = setTimeout(
      () => {
        if (delayMs > MAX_TIMER_MS) return this.arm(name, atMs, fire);
        fire();
      },
      Math.min(delayMs, MAX_TIMER_MS),
    );
    timer.unref();
    this.timers.set(name, timer);
  }
}
