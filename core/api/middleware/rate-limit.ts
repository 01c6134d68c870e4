import type { Context, Env, MiddlewareHandler } from "hono";
import { RateLimitError } from "../../errors";
import type { Deps } from "../../ports/deps";

const WINDOW_MS = 60_000;
/** Window items outlive their window a little, so a late request never recreates an expired one. */
const WINDOW_RETENTION_MS = 5 * WINDOW_MS;

export interface RateLimitOptions<E extends Env> {
  limitPerMinute: number;
  /** The counter a request is charged to: "ws:<id>", "auth:<address>". */
  scope: (c: Context<E>) => string;
}

/**
 * A fixed one-minute window per scope, counted in DynamoDB so the limit holds across every Lambda instance.
 * A refused request gets 429 with Retry-After set to the seconds until the window ends.
 */
export function rateLimit<E extends Env>(
  deps: Pick<Deps, "store" | "clock">,
  options: RateLimitOptions<E>,
): MiddlewareHandler<E> {
  return async function rateLimitMiddleware(c, next) {
    const scope = options.scope(c);
    const nowMs = deps.clock.nowMs();
    const windowStartMs = nowMs - (nowMs % WINDOW_MS);
    const count = await deps.store.rateLimits.increment(
      scope,
      windowStartMs,
      windowStartMs + WINDOW_RETENTION_MS,
    );
    const resetSec = Math.max(1, Math.ceil((windowStartMs + WINDOW_MS - nowMs) / 1000));
    c.header("RateLimit-Limit", String(options.limitPerMinute));
    c.header("RateLimit-Remaining", String(Math.max(0, options.limitPerMinute - count)));
    c.header("RateLimit-Reset", String(resetSec));
    if (count > options.limitPerMinute) {
      c.header("Retry-After", String(resetSec));
      throw new RateLimitError(resetSec);
    }
    await next();
  };
}
