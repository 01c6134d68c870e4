/**
 * EventBridge Scheduler as it may behave: a one-shot schedule fires late (it has about a minute of
 * precision), sometimes twice, rarely never; it is deleted once fired. Firing sends the doorbell through the
 * chaos queue, whose own losses and delays then apply.
 */
import type { RunDoorbell } from "../../core/domain/run-messages";
import type { Clock } from "../../core/ports/clock";
import type { ChaosQueue } from "./chaos-queue";
import type { Random } from "./random";

export interface SchedulerChaos {
  lossRate: number;
  doubleRate: number;
  maxLateMs: number;
}

export const CALM_SCHEDULER: SchedulerChaos = { lossRate: 0, doubleRate: 0, maxLateMs: 0 };

interface Pending {
  doorbell: RunDoorbell;
  fireAtMs: number;
  copies: number;
}

export class ChaosScheduler {
  private readonly pending = new Map<string, Pending>();
  readonly counts = { scheduled: 0, cancelled: 0, fired: 0, lost: 0, doubled: 0 };

  constructor(
    private readonly random: Random,
    private readonly clock: Clock,
    private readonly queue: ChaosQueue,
    public chaos: SchedulerChaos,
  ) {}

  schedule(name: string, atMs: number, doorbell: RunDoorbell): void {
    if (this.pending.has(name)) return;
    this.counts.scheduled += 1;
    if (this.random.chance(this.chaos.lossRate)) {
      this.counts.lost += 1;
      return;
    }
    const copies = this.random.chance(this.chaos.doubleRate) ? 2 : 1;
    if (copies === 2) this.counts.doubled += 1;
    const fireAtMs = atMs + this.random.between(0, this.chaos.maxLateMs);
    this.pending.set(name, { doorbell, fireAtMs, copies });
  }

  cancel(name: string): void {
    if (this.pending.delete(name)) this.counts.cancelled += 1;
  }

  hasDue(): boolean {
    const now = this.clock.nowMs();
    for (const schedule of this.pending.values()) if (schedule.fireAtMs <= now) return true;
    return false;
  }

  /** Fires every due schedule into the queue and deletes it. */
  fireDue(): void {
    const now = this.clock.nowMs();
    for (const [name, schedule] of this.pending) {
      if (schedule.fireAtMs > now) continue;
      this.pending.delete(name);
      this.counts.fired += 1;
      for (let copy = 0; copy < schedule.copies; copy++) this.queue.send(schedule.doorbell);
    }
  }

  nextAtMs(): number | undefined {
    let next: number | undefined;
    for (const { fireAtMs } of this.pending.values())
      if (next === undefined || fireAtMs < next) next = fireAtMs;
    return next;
  }
}
