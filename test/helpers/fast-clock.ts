import type { Clock } from "../../core/ports/clock";

/** A clock that runs `factor` times faster than the wall, for tests of schedules. */
export class FastClock implements Clock {
  private startMs = 0;
  private startedAtMs = 0;

  constructor(
    readonly factor: number,
    startMs: number,
  ) {
    this.set(startMs);
  }

  nowMs(): number {
    return this.startMs + (Date.now() - this.startedAtMs) * this.factor;
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms / this.factor));
  }

  /** Reads `atMs` now, and runs on from there (set it before arming timers: they keep their delays). */
  set(atMs: number): void {
    this.startMs = atMs;
    this.startedAtMs = Date.now();
  }
}
