import { windowExpiresAtMs } from "../../domain/rate-window";
import type { Deps } from "../../ports/deps";
import type { WindowCounter } from "./rate-limit";

/**
 * How often at most an instance writes one scope's count. Longer means fewer writes (at most one a second
 * per busy workspace and instance, whatever its request rate) and staler counts from the other instances in
 * each decision: docs/api.md (Rate limits) states the drift this allows.
 */
export const COUNT_WRITE_INTERVAL_MS = 1_000;

/** One scope's count in its current window, as this instance knows it. */
interface ScopeCount {
  windowStartMs: number;
  /** The window's count over every instance, as this instance's last write answered it. */
  shared: number;
  /** Counted here and not yet written: the next write takes them. */
  pending: number;
  /** Being written now; a scope has at most one write in flight per instance. */
  writing: number;
  /** When the last write started, on this process's monotonic clock. */
  lastWriteAtMs: number;
  /** The next write, while it waits for the interval. */
  timer: NodeJS.Timeout | undefined;
}

/**
 * Counts requests in memory and decides at once on the window's last known count plus what this instance
 * counted since, so no DynamoDB call is on the request's path. The counts are written behind the requests:
 * one atomic ADD of all that accrued, at most once per COUNT_WRITE_INTERVAL_MS per scope, and the ADD's
 * answer, the window's count over every instance, is the new known count. The first request of a window on
 * an instance is written at once. A count is never ahead of the requests made, so a scope is never refused
 * early; it lags the other instances' requests of the last interval or two.
 */
export function batchedWindowCounter(deps: {
  store: Pick<Deps["store"], "rateLimits">;
  log: Deps["log"];
}): WindowCounter {
  const counts = new Map<string, ScopeCount>();
  let latestWindowStartMs = Number.NEGATIVE_INFINITY;

  async function write(scope: string, count: ScopeCount): Promise<void> {
    count.timer = undefined;
    const requests = count.pending;
    count.pending = 0;
    count.writing = requests;
    count.lastWriteAtMs = performance.now();
    try {
      const windowCount = await deps.store.rateLimits.increment(
        scope,
        count.windowStartMs,
        windowExpiresAtMs(count.windowStartMs),
        requests,
      );
      count.shared = windowCount;
    } catch (error) {
      // Requests counted stay counted: the next write carries them.
      count.pending += requests;
      deps.log.warn({ err: error, scope }, "rate-limit count not written; the next write carries it");
    }
    count.writing = 0;
    schedule(scope, count);
  }

  function schedule(scope: string, count: ScopeCount): void {
    // A count of an ended window decides nothing any more; what it has not written is dropped with it.
    if (count.pending === 0 || count.writing > 0 || count.timer || counts.get(scope) !== count) return;
    const waitMs = count.lastWriteAtMs + COUNT_WRITE_INTERVAL_MS - performance.now();
    if (waitMs <= 0) {
      void write(scope, count);
      return;
    }
    count.timer = setTimeout(() => void write(scope, count), waitMs);
    // A count waiting for its interval does not keep the process alive.
    count.timer.unref();
  }

  return (scope, windowStartMs) => {
    if (windowStartMs > latestWindowStartMs) {
      latestWindowStartMs = windowStartMs;
      for (const [ended, count] of counts) {
        if (count.windowStartMs >= windowStartMs) continue;
        clearTimeout(count.timer);
        counts.delete(ended);
      }
    }
    let count = counts.get(scope);
    if (count?.windowStartMs !== windowStartMs) {
      clearTimeout(count?.timer);
      count = {
        windowStartMs,
        shared: 0,
        pending: 0,
        writing: 0,
        lastWriteAtMs: Number.NEGATIVE_INFINITY,
        timer: undefined,
      };
      counts.set(scope, count);
    }
    count.pending += 1;
    const known = count.shared + count.writing + count.pending;
    schedule(scope, count);
    return known;
  };
}
