import type { Clock } from "../../core/ports/clock";

/** A clock the test moves by hand. */
export class ManualClock implements Clock {
  constructor(private epochMs = Date.parse("2026-11-20T12:00:00.000Z")) {}

  nowMs(): number {
    return this.epochMs;
  }

  /** A pause waits on the wall's time: the test moves what the clock reads, not how long code waits. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  advance(ms: number): void {
    this.epochMs += ms;
  }
}
