import { setTimeout as sleep } from "node:timers/promises";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { signUp, withKey } from "../helpers/accounts";
import { listApiKeys } from "../helpers/requests";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * The writes an authenticated request causes but need not wait for: its rate-limit count and its key's
 * lastUsedAt. Each test slows one of them down in the real store of a test app; the answers must not slow
 * down with it.
 */
const SLOW_WRITE_MS = 3_000;
/** Far above an ordinary request here, far below the slowed write. */
const PROMPT_MS = SLOW_WRITE_MS / 3;

/** Sends a request and answers its response with the milliseconds it took. */
async function timed(send: () => Promise<Response>): Promise<{ response: Response; ms: number }> {
  const startedAt = performance.now();
  const response = await send();
  return { response, ms: performance.now() - startedAt };
}

describe("the rate-limit count", () => {
  const LIMIT = 3;
  let t: TestApp;
  let apiKey: string;
  let countWrites = 0;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    // Signed up before the slowdown: the sign-up limit is exact and waits for its write.
    ({ apiKey } = await signUp(t));
    const { rateLimits } = t.deps.store;
    const increment = rateLimits.increment;
    rateLimits.increment = async (...args) => {
      countWrites += 1;
      await sleep(SLOW_WRITE_MS);
      return increment(...args);
    };
  });

  const list = () => t.request("GET", "/v1/workflow-definitions", { headers: withKey(apiKey) });

  it("is written behind the answer when its write is slow", async () => {
    const { response, ms } = await timed(list);

    expect(response.status).toBe(200);
    expect(ms).toBeLessThan(PROMPT_MS);
    expect(countWrites).toBe(1);
  });

  it("refuses with 429 and Retry-After at once when the limit is reached while the counts are still being written", async () => {
    for (let i = 1; i < LIMIT; i += 1) expect((await list()).status).toBe(200);

    const { response, ms } = await timed(list);

    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(response.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(ms).toBeLessThan(PROMPT_MS);
    // One write in flight per workspace and instance: the first is still under way.
    expect(countWrites).toBe(1);
  });
});

describe("a key's lastUsedAt", () => {
  let t: TestApp;
  let apiKey: string;
  let useWrites = 0;

  beforeAll(async () => {
    t = await createTestApp();
    ({ apiKey } = await signUp(t));
    const { apiKeys } = t.deps.store;
    const recordUse = apiKeys.recordUse;
    apiKeys.recordUse = async (...args) => {
      useWrites += 1;
      await sleep(SLOW_WRITE_MS);
      return recordUse(...args);
    };
  });

  const current = () => t.request("GET", "/v1/workspaces/current", { headers: withKey(apiKey) });

  it("is recorded behind the answers, once for requests that overlap its write", async () => {
    for (let i = 0; i < 3; i += 1) {
      const { response, ms } = await timed(current);
      expect(response.status).toBe(200);
      expect(ms).toBeLessThan(PROMPT_MS);
    }
    expect(useWrites).toBe(1);

    // Listing the keys uses the key too: while the write is in flight, and once it has landed, it sends none.
    await vi.waitFor(
      async () => {
        const [key] = await listApiKeys(t, apiKey);
        expect(key?.lastUsedAt).toBe(new Date(t.clock.nowMs()).toISOString());
      },
      { timeout: 3 * SLOW_WRITE_MS, interval: 200 },
    );
    expect(useWrites).toBe(1);
  }, 20_000);
});
