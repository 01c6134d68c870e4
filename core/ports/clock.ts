/**
 * Time as the core sees it: injected so tests can move it and so every timestamp has one source. Every
 * pause of the core goes through it too, so the simulation decides what a pause is (test/architecture).
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  nowMs(): number;
  /** Resolves once `ms` of this clock's time have passed (or, for a clock a test moves, when it says). */
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  nowMs: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
