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

/** A provider's rate limits in its headers: when one has nothing left, its reset says when to ask again. */
const RATE_LIMITS: readonly { remaining: string; reset: string }[] = [
  // OpenAI: the reset is a duration ("1s", "6m0s", "20ms").
  ...["requests", "tokens"].map((limit) => ({
    remaining: `x-ratelimit-remaining-${limit}`,
    reset: `x-ratelimit-reset-${limit}`,
  })),
  // Anthropic: the reset is an RFC 3339 time.
  ...["requests", "tokens", "input-tokens", "output-tokens"].map((limit) => ({
    remaining: `anthropic-ratelimit-${limit}-remaining`,
    reset: `anthropic-ratelimit-${limit}-reset`,
  })),
];

const WAIT_HEADERS = [
  "retry-after-ms",
  "retry-after",
  ...RATE_LIMITS.flatMap(({ remaining, reset }) => [remaining, reset]),
];

/** The headers of a refusal that say when to ask again, lower-case; undefined when it has none. */
export function pickWaitHeaders(header: HeaderLookup): Record<string, string> | undefined {
  const picked: Record<string, string> = {};
  for (const name of WAIT_HEADERS) {
    const value = header(name);
    if (typeof value === "string") picked[name] = value;
  }
  return Object.keys(picked).length > 0 ? picked : undefined;
}

/**
 * How long a provider that refused a call asked us to wait: its retry-after-ms or Retry-After, else the
 * latest reset of the rate limits it says are used up (remaining 0). A limit with some left says nothing
 * about this refusal, so its reset is not waited for.
 */
export function providerWaitMs(headers: Readonly<Record<string, string>>, nowMs: number): number | undefined {
  const asked = retryAfterFromHeaders((name) => headers[name], nowMs);
  if (asked !== undefined) return asked;
  let wait: number | undefined;
  for (const { remaining, reset } of RATE_LIMITS) {
    if (headers[remaining]?.trim() !== "0") continue;
    const ms = resetMs(headers[reset], nowMs);
    if (ms !== undefined) wait = Math.max(wait ?? 0, ms);
  }
  return wait;
}

const DURATION =
  /^(?:(\d+(?:\.\d+)?)h)?(?:(\d+(?:\.\d+)?)m(?!s))?(?:(\d+(?:\.\d+)?)s)?(?:(\d+(?:\.\d+)?)ms)?$/;

/** A reset as a duration ("6m0s", "20ms") or an RFC 3339 time counted from `nowMs`. */
function resetMs(value: string | undefined, nowMs: number): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d{4}-\d{2}-\d{2}T/.test(text)) {
    const atMs = Date.parse(text);
    return Number.isNaN(atMs) ? undefined : withinReason(Math.max(0, atMs - nowMs));
  }
  const parts = DURATION.exec(text);
  if (!parts) return undefined;
  const [h = 0, m = 0, s = 0, ms = 0] = parts.slice(1).map((part) => Number(part ?? 0));
  return withinReason(Math.ceil(((h * 60 + m) * 60 + s) * 1000 + ms));
}
