import type { EngineMessage } from "../../domain/run-messages";
import type { Clock } from "../../ports/clock";
import type { Queue } from "../../ports/queue";
import type { Scheduler } from "../../ports/scheduler";

/** setTimeout stores delays in 32 bits; longer waits are re-armed in steps of this. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * One-shot schedules of the local service, as timers that hand the message to the in-process queue. They live
 * in memory: after a restart the sweeper finds the runs they were for, since each run's next due time is in
 * its own item.
 */
export class TimerScheduler implements Scheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly deps: { queue: Queue; clock: Clock }) {}

  async schedule(name: string, atMs: number, message: EngineMessage): Promise<void> {
    if (this.timers.has(name)) return;
    this.arm(name, atMs, message);
  }

  async cancel(name: string): Promise<void> {
    clearTimeout(this.timers.get(name));
    this.timers.delete(name);
  }

  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private arm(name: string, atMs: number, message: EngineMessage): void {
    const delayMs = Math.max(0, atMs - this.deps.clock.nowMs());
    const timer = setTimeout(
      () => {
        if (delayMs > MAX_TIMER_MS) return this.arm(name, atMs, message);
        this.timers.delete(name);
        void this.deps.queue.send(message);
      },
      Math.min(delayMs, MAX_TIMER_MS),
    );
    timer.unref();
    this.timers.set(name, timer);
  }
}
