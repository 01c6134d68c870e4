import { describe, expect, it } from "vitest";
import { parseRetryAfter, providerWaitMs, retryAfterFromHeaders } from "../../../core/domain/retry-after";

const now = Date.parse("2026-11-20T12:00:00.000Z");

describe("parseRetryAfter", () => {
  it("reads delay-seconds", () => {
    expect(parseRetryAfter("3", now)).toBe(3000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
  });

  it("reads an HTTP-date against the given now, a past one as no wait", () => {
    expect(parseRetryAfter("Fri, 20 Nov 2026 12:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Fri, 20 Nov 2026 11:59:00 GMT", now)).toBe(0);
  });

  it.each([
    undefined,
    null,
    "",
    "soon",
    "-1",
    "1.5",
    "3s",
    "2026-11-20T12:00:30Z",
    "Fri, 99 Nov 2026 25:00:00 GMT",
  ])("ignores %j", (value) => {
    expect(parseRetryAfter(value, now)).toBeUndefined();
  });

  it("ignores a wait of more than a day as nonsense", () => {
    expect(parseRetryAfter(String(24 * 3600 + 1), now)).toBeUndefined();
  });
});

describe("retryAfterFromHeaders", () => {
  const lookup = (headers: Record<string, string>) => (name: string) => headers[name];

  it("prefers retry-after-ms, rounded up, to Retry-After", () => {
    expect(retryAfterFromHeaders(lookup({ "retry-after-ms": "1500.2", "retry-after": "9" }), now)).toBe(1501);
    expect(retryAfterFromHeaders(lookup({ "retry-after": "9" }), now)).toBe(9000);
    expect(retryAfterFromHeaders(lookup({}), now)).toBeUndefined();
  });
});

describe("providerWaitMs", () => {
  it("waits for the latest reset among the limits that are used up, ignoring those with some left", () => {
    const headers = {
      "anthropic-ratelimit-requests-remaining": "0",
      "anthropic-ratelimit-requests-reset": "2026-11-20T12:00:20Z",
      "anthropic-ratelimit-tokens-remaining": "1000",
      "anthropic-ratelimit-tokens-reset": "2026-11-20T12:05:00Z",
      "x-ratelimit-remaining-tokens": "0",
      "x-ratelimit-reset-tokens": "6m0s",
    };
    expect(providerWaitMs(headers, now)).toBe(360_000);
    expect(providerWaitMs({ ...headers, "x-ratelimit-remaining-tokens": "7" }, now)).toBe(20_000);
  });

  it("reads OpenAI's durations down to milliseconds, and takes a Retry-After over any reset", () => {
    const tokens = { "x-ratelimit-remaining-tokens": "0", "x-ratelimit-reset-tokens": "20ms" };
    expect(providerWaitMs(tokens, now)).toBe(20);
    expect(providerWaitMs({ ...tokens, "x-ratelimit-reset-tokens": "1h2m3.5s" }, now)).toBe(3_723_500);
    expect(providerWaitMs({ ...tokens, "retry-after": "2" }, now)).toBe(2000);
    expect(providerWaitMs({ ...tokens, "x-ratelimit-reset-tokens": "soon" }, now)).toBeUndefined();
  });
});
