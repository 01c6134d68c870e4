/**
 * The fixed one-minute windows that request rate limits and the run-creation quota count in: a window
 * starts on the minute, and its stored counter outlives it a little, so a late write never recreates an
 * expired one.
 */
export const RATE_WINDOW_MS = 60_000;
const WINDOW_RETENTION_MS = 5 * RATE_WINDOW_MS;

export interface RateWindow {
  startMs: number;
  /** When the window's stored counter may expire. */
  expiresAtMs: number;
  /** Whole seconds (at least 1) until the window ends: a 429's Retry-After. */
  resetSec: number;
}

export function rateWindowAt(nowMs: number): RateWindow {
  return fixedWindowAt(nowMs, RATE_WINDOW_MS);
}

/**
 * The window of `lengthMs` around `nowMs`, aligned on the epoch as the minute's is: an hour's or a UTC day's
 * for the mail quota. Its item outlives it as a minute's does.
 */
export function fixedWindowAt(nowMs: number, lengthMs: number): RateWindow {
  const startMs = nowMs - (nowMs % lengthMs);
  return {
    startMs,
    expiresAtMs: windowExpiresAtMs(startMs) + lengthMs - RATE_WINDOW_MS,
    resetSec: Math.max(1, Math.ceil((startMs + lengthMs - nowMs) / 1000)),
  };
}

/** When the item of the window starting at `windowStartMs` may expire. */
export const windowExpiresAtMs = (windowStartMs: number): number => windowStartMs + WINDOW_RETENTION_MS;
