import * as z from "zod";

export const RetryPolicy = z
  .strictObject({
    maxAttempts: z
      .int()
      .min(1)
      .max(20)
      .default(1)
      .meta({ description: "Total attempts including the first; 1 means no retry" }),
    backoffMs: z
      .int()
      .min(0)
      .max(3_600_000)
      .default(1000)
      .meta({ description: "Delay before the 2nd attempt" }),
    backoffMultiplier: z
      .number()
      .min(1)
      .max(10)
      .default(2)
      .meta({ description: "Factor applied to the delay after each failed attempt" }),
    maxBackoffMs: z.int().min(0).default(300_000).meta({ description: "Upper bound of any single delay" }),
  })
  .meta({ description: "Retry policy of a step; omitted fields take their defaults" });

export type RetryPolicy = z.infer<typeof RetryPolicy>;

/** The policy a step without `retry` runs with. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = RetryPolicy.parse({});

/**
 * Delay in ms before the next attempt, after attempt `attempt` (1-based) failed.
 * Rounded because the delay is scheduled as whole milliseconds; a huge exponent
 * overflows to Infinity, which the cap absorbs.
 */
export function computeBackoffMs(
  policy: Pick<RetryPolicy, "backoffMs" | "backoffMultiplier" | "maxBackoffMs">,
  attempt: number,
): number {
  const exponent = Math.max(1, attempt) - 1;
  const delay = policy.backoffMs * policy.backoffMultiplier ** exponent;
  return Math.round(Math.min(delay, policy.maxBackoffMs));
}

/** The pause before a retry, and what the failed side asked for when it named one (Retry-After). */
export interface RetryDelay {
  delayMs: number;
  retryAfterMs?: number;
}

/**
 * The pause before the attempt after `attempt`: the policy's backoff, or longer when the other side asked
 * for longer (a 429's or 503's Retry-After), but never beyond the policy's `maxBackoffMs`. A server asking
 * for more than that gets the maximum: the attempt then may meet another refusal, which counts like any
 * other failure against `maxAttempts` (docs/flow.md, "Retries").
 */
export function retryDelay(policy: RetryPolicy, attempt: number, retryAfterMs?: number): RetryDelay {
  const backoff = computeBackoffMs(policy, attempt);
  if (retryAfterMs === undefined) return { delayMs: backoff };
  const asked = Math.min(Math.ceil(retryAfterMs), policy.maxBackoffMs);
  return { delayMs: Math.max(backoff, asked), retryAfterMs: Math.ceil(retryAfterMs) };
}
