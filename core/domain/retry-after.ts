/**
 * How long a server that refused a request (429, 503) asked us to wait, read from its answer's headers.
 * Pure: `nowMs` is the clock port's, so an HTTP-date is read against the same time the retry is scheduled on.
 */

/** A header lookup, case-insensitive: a plain record of lower-case names or the Fetch API's Headers. */
export type HeaderLookup = (name: string) => string | null | undefined;

/** The longest wait any header here may name; past it a value is nonsense rather than a plan. */
const MAX_WAIT_MS = 24 * 60 * 60 * 1000;

/**
 * `Retry-After` (RFC 9110 10.2.3): delay-seconds or an HTTP-date, the date counted from `nowMs` (one in
 * the past asks for no wait). Anything else, or a wait over a day, is ignored: undefined.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return withinReason(Number(text) * 1000);
  // Only the date forms HTTP allows, so that a number with a unit ("3s") is not read as a date.
  if (!/^[A-Za-z]{3},? /.test(text)) return undefined;
  const atMs = Date.parse(text);
  return Number.isNaN(atMs) ? undefined : withinReason(Math.max(0, atMs - nowMs));
}

/** The standard headers: OpenAI's and Anthropic's `retry-after-ms` (ms, fractional) first, then `Retry-After`. */
export function retryAfterFromHeaders(header: HeaderLookup, nowMs: number): number | undefined {
  const precise = header("retry-after-ms")?.trim();
  if (precise && /^\d+(\.\d+)?$/.test(precise)) return withinReason(Math.ceil(Number(precise)));
  return parseRetryAfter(header("retry-after"), nowMs);
}

function withinReason(ms: number): number | undefined {
  return ms <= MAX_WAIT_MS ? ms : undefined;
}
