import type { Context, Env, MiddlewareHandler } from "hono";
import { RateLimitError } from "../../domain/errors";
import type { Deps } from "../../ports/deps";
import { hashToken } from "../../security/secret-tokens";

const WINDOW_MS = 60_000;
/** Window items outlive their window a little, so a late request never recreates an expired one. */
const WINDOW_RETENTION_MS = 5 * WINDOW_MS;

interface WindowCount {
  remaining: number;
  /** Seconds until the window ends. */
  resetSec: number;
  exceeded: boolean;
}

/**
 * Counts one request in the scope's fixed one-minute window, in DynamoDB so the limit holds across every
 * Lambda instance.
 */
async function countRequest(
  deps: Pick<Deps, "store" | "clock">,
  scope: string,
  limitPerMinute: number,
): Promise<WindowCount> {
  const nowMs = deps.clock.nowMs();
  const windowStartMs = nowMs - (nowMs % WINDOW_MS);
  const count = await deps.store.rateLimits.increment(
    scope,
    windowStartMs,
    windowStartMs + WINDOW_RETENTION_MS,
  );
  return {
    remaining: Math.max(0, limitPerMinute - count),
    resetSec: Math.max(1, Math.ceil((windowStartMs + WINDOW_MS - nowMs) / 1000)),
    exceeded: count > limitPerMinute,
  };
}

export interface RateLimitOptions<E extends Env> {
  limitPerMinute: number;
  /** The counter a request is charged to: "ws:<id>", "auth:<address>". */
  scope: (c: Context<E>) => string;
}

/** A refused request gets 429 with Retry-After set to the seconds until the window ends. */
export function rateLimit<E extends Env>(
  deps: Pick<Deps, "store" | "clock">,
  options: RateLimitOptions<E>,
): MiddlewareHandler<E> {
  return async function rateLimitMiddleware(c, next) {
    const window = await countRequest(deps, options.scope(c), options.limitPerMinute);
    c.header("RateLimit-Limit", String(options.limitPerMinute));
    c.header("RateLimit-Remaining", String(window.remaining));
    c.header("RateLimit-Reset", String(window.resetSec));
    if (window.exceeded) throw new RateLimitError(window.resetSec);
    await next();
  };
}

/**
 * Sign-up and login attempts per e-mail address (AUTH_ACCOUNT_RATE_LIMIT_PER_MINUTE), whatever address they
 * come from: guessing one account's password from many addresses runs into it. Every attempt counts, for
 * accounts that exist or not, so the answers do not tell which e-mails have accounts. The counter is keyed
 * by the address's hash, so the table holds no e-mail addresses for it.
 */
export function accountAttemptLimit(deps: Pick<Deps, "store" | "clock" | "config">) {
  return async function chargeAccountAttempt(normalisedEmail: string): Promise<void> {
    const scope = `acct:${hashToken(normalisedEmail)}`;
    const window = await countRequest(deps, scope, deps.config.AUTH_ACCOUNT_RATE_LIMIT_PER_MINUTE);
    if (window.exceeded) throw new RateLimitError(window.resetSec);
  };
}
