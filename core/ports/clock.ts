/** Time as the core sees it: injected so tests can move it and so every timestamp has one source. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  nowMs(): number;
}

export const systemClock: Clock = { nowMs: () => Date.now() };
