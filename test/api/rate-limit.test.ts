import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../core/api/app";
import { signUp, withKey } from "../helpers/accounts";
import { createTestApp, type TestApp } from "../helpers/test-app";

const LIMIT = 5;
const PATH = "/v1/workflow-definitions";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
});

const list = (apiKey: string) => t.request("GET", PATH, { headers: withKey(apiKey) });

/** Sends `count` requests in order and checks each one passed. */
async function spend(apiKey: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) expect((await list(apiKey)).status).toBe(200);
}

async function expectRateLimited(response: Response): Promise<number> {
  expect(response.status).toBe(429);
  expect(await response.json()).toEqual({
    success: false,
    error: { code: "RATE_LIMIT_ERROR", message: expect.stringMatching(/too many requests/i) },
  });
  const retryAfter = response.headers.get("retry-after");
  expect(retryAfter).toMatch(/^\d+$/);
  return Number(retryAfter);
}

describe("per-workspace rate limit", () => {
  it("lets requests through with RateLimit headers counting down when 5 arrive in a minute", async () => {
    const { apiKey } = await signUp(t);

    for (let i = 1; i <= LIMIT; i += 1) {
      const response = await list(apiKey);
      expect(response.status).toBe(200);
      expect(response.headers.get("ratelimit-limit")).toBe(String(LIMIT));
      expect(response.headers.get("ratelimit-remaining")).toBe(String(LIMIT - i));
    }
  });

  it("answers 429 RATE_LIMIT_ERROR with a Retry-After of 1-60 seconds when the 6th request of a minute arrives", async () => {
    const { apiKey } = await signUp(t);
    await spend(apiKey, LIMIT);

    const retryAfter = await expectRateLimited(await list(apiKey));

    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it("sets Retry-After to the seconds left in the window when the limit is hit mid-window", async () => {
    const { apiKey } = await signUp(t);
    const intoWindowMs = t.clock.nowMs() % 60_000;
    t.clock.advance(60_000 - intoWindowMs + 45_000); // 45 s into a fresh window
    await spend(apiKey, LIMIT);

    expect(await expectRateLimited(await list(apiKey))).toBe(15);
  });

  it("keeps serving another workspace when one workspace is over its limit", async () => {
    const busy = await signUp(t);
    const quiet = await signUp(t);
    await spend(busy.apiKey, LIMIT);
    await expectRateLimited(await list(busy.apiKey));

    const response = await list(quiet.apiKey);

    expect(response.status).toBe(200);
    expect(response.headers.get("ratelimit-remaining")).toBe(String(LIMIT - 1));
  });

  it("lets requests through again when the minute has passed", async () => {
    const { apiKey } = await signUp(t);
    await spend(apiKey, LIMIT);
    await expectRateLimited(await list(apiKey));

    t.clock.advance(60_000);

    const response = await list(apiKey);
    expect(response.status).toBe(200);
    expect(response.headers.get("ratelimit-remaining")).toBe(String(LIMIT - 1));
  });

  it("answers 429 on the 6th request when it is split across two app instances sharing a table", async () => {
    const { apiKey } = await signUp(t);
    const second = createApp(t.deps, { clientAddress: () => "x" });
    const listOnSecond = () => Promise.resolve(second.request(PATH, { headers: withKey(apiKey) }));

    for (let i = 0; i < 3; i += 1) expect((await list(apiKey)).status).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await listOnSecond()).status).toBe(200);

    await expectRateLimited(await listOnSecond());
    await expectRateLimited(await list(apiKey));
  });
});
