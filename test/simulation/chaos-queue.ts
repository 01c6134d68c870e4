/**
 * The step queue as SQS may behave: each doorbell delivered after its delay, or later, or twice, or never,
 * and due doorbells taken in an order the seed picks. Nothing here is a worker: the simulation takes due
 * doorbells and hands each to a worker of its choice.
 */
import type { RunDoorbell } from "../../core/domain/run-messages";
import type { Clock } from "../../core/ports/clock";
import type { Random } from "./random";

export interface QueueChaos {
  lossRate: number;
  duplicateRate: number;
  lateRate: number;
  maxLateMs: number;
}

export const CALM_QUEUE: QueueChaos = { lossRate: 0, duplicateRate: 0, lateRate: 0, maxLateMs: 0 };

interface InFlight {
  doorbell: RunDoorbell;
  atMs: number;
}

export class ChaosQueue {
  private inFlight: InFlight[] = [];
  readonly counts = { sent: 0, lost: 0, duplicated: 0, late: 0, delivered: 0 };

  constructor(
    private readonly random: Random,
    private readonly clock: Clock,
    public chaos: QueueChaos,
  ) {}

  send(doorbell: RunDoorbell, delayMs = 0): void {
    this.counts.sent += 1;
    if (this.random.chance(this.chaos.lossRate)) {
      this.counts.lost += 1;
      return;
    }
    const copies = this.random.chance(this.chaos.duplicateRate) ? 2 : 1;
    if (copies === 2) this.counts.duplicated += 1;
    for (let copy = 0; copy < copies; copy++) {
      let atMs = this.clock.nowMs() + delayMs;
      if (this.random.chance(this.chaos.lateRate)) {
        this.counts.late += 1;
        atMs += this.random.between(1, this.chaos.maxLateMs);
      }
      this.inFlight.push({ doorbell, atMs });
    }
  }

  hasDue(): boolean {
    const now = this.clock.nowMs();
    return this.inFlight.some((message) => message.atMs <= now);
  }

  /** Any due doorbell, not necessarily the oldest: SQS keeps no order. */
  takeDue(): RunDoorbell | undefined {
    const now = this.clock.nowMs();
    const due = this.inFlight.filter((message) => message.atMs <= now);
    if (due.length === 0) return undefined;
    const taken = this.random.pick(due);
    this.inFlight.splice(this.inFlight.indexOf(taken), 1);
    this.counts.delivered += 1;
    return taken.doorbell;
  }

  nextAtMs(): number | undefined {
    return this.inFlight.length === 0 ? undefined : Math.min(...this.inFlight.map((message) => message.atMs));
  }
}
