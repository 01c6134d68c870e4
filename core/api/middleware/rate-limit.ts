import type { Context, Env, MiddlewareHandler } from "hono";
import { RateLimitError } from "../../domain/errors";
import { rateWindowAt, windowExpiresAtMs } from "../../domain/rate-window";
import type { Deps } from "../../ports/deps";
import { hashToken } from "../../security/secret-tokens";

/**
 * Counts one request of `scope` in the fixed one-minute window starting at `windowStartMs` and answers the
 * window's count including it, as far as the counter knows it.
 */
export type WindowCounter = (scope: string, windowStartMs: number) => number | Promise<number>;

/**
 * One awaited atomic ADD in DynamoDB per request: exact across every instance, at the price of a write on the
 * request's path.
 */
export function exactWindowCounter(deps: { store: Pick<Deps["store"], "rateLimits"> }): WindowCounter {
  return (scope, windowStartMs) =>
    deps.store.rateLimits.increment(scope, windowStartMs, windowExpiresAtMs(windowStartMs), 1);
}

interface WindowCount {
  remaining: number;
  /** Seconds until the window ends. */
  resetSec: number;
  exceeded: boolean;
}

export async function countRequest(
  deps: Pick<Deps, "clock">,
  counter: WindowCounter,
  scope: string,
  limitPerMinute: number,
): Promise<WindowCount> {
  const window = rateWindowAt(deps.clock.nowMs());
  const count = await counter(scope, window.startMs);
  return {
    remaining: Math.max(0, limitPerMinute - count),
    resetSec: window.resetSec,
    exceeded: count > limitPerMinute,
  };
}

export interface RateLimitOptions<E extends Env> {
  limitPerMinute: number;
  /** The counter a request is charged to: "ws:<id>", "auth:<address>". */
  scope: (c: Context<E>) => string;
  counter: WindowCounter;
  /** The answer to a refused request, for pages that answer HTML; by default the API's JSON error. */
  refused?: (c: Context<E>) => Response | Promise<Response>;
}

/** A refused request gets 429 with Retry-After set to the seconds until the window ends. */
export function rateLimit<E extends Env>(
  deps: Pick<Deps, "clock">,
  options: RateLimitOptions<E>,
): MiddlewareHandler<E> {
  return async function rateLimitMiddleware(c, next) {
    const window = await countRequest(deps, options.counter, options.scope(c), options.limitPerMinute);
    c.header("RateLimit-Limit", String(options.limitPerMinute));
    c.header("RateLimit-Remaining", String(window.remaining));
    c.header("RateLimit-Reset", String(window.resetSec));
    if (!window.exceeded) return next();
    if (!options.refused) throw new RateLimitError(window.resetSec);
    c.header("Retry-After", String(window.resetSec));
    return options.refused(c);
  };
}

/**
 * Sign-up and login attempts per e-mail address (AUTH_ACCOUNT_RATE_LIMIT_PER_MINUTE), whatever address they
 * come from: guessing one account's password from many addresses runs into it. Every attempt counts, for
 * accounts that exist or not, so the answers do not tell which e-mails have accounts. The counter is keyed
 * by the address's hash, so the table holds no e-mail addresses for it. It is exact: a guesser spreading
 * attempts over many instances gets no more of them.
 */
export function accountAttemptLimit(deps: Pick<Deps, "store" | "clock" | "config">) {
  const counter = exactWindowCounter(deps);
  return async function chargeAccountAttempt(normalisedEmail: string): Promise<void> {
    const scope = `acct:${hashToken(normalisedEmail)}`;
    const window = await countRequest(deps, counter, scope, deps.config.AUTH_ACCOUNT_RATE_LIMIT_PER_MINUTE);
    if (window.exceeded) throw new RateLimitError(window.resetSec);
  };
}
