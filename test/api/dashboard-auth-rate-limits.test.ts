import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../core/api/app";
import { expectData, expectError, uniqueEmail } from "../helpers/requests";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { login, PASSWORD, signup } from "./dashboard-auth-fixtures";

/**
 * The rate limits on signing up and logging in, each in an app of its own: AUTH_RATE_LIMIT_PER_MINUTE per
 * client address, and AUTH_ACCOUNT_RATE_LIMIT_PER_MINUTE per email whatever address the attempts come from
 * (its answers revealing no account), each lifted when the minute has passed.
 */

describe("AUTH_RATE_LIMIT_PER_MINUTE", () => {
  let limited: TestApp;

  beforeAll(async () => {
    limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "3" });
  });

  /** Starts the test in a window of its own, so the tests do not share a count. */
  function freshWindow() {
    limited.clock.advance(60_000);
  }

  it("answers 429 RATE_LIMIT_ERROR with Retry-After when a 4th attempt comes within a minute", async () => {
    freshWindow();
    const email = uniqueEmail();
    await expectData(await signup({ email }, limited), 201);
    await expectError(await login({ email, password: "wrong horse battery" }, limited), 401, "AUTH_ERROR");
    await expectData(await login({ email, password: PASSWORD }, limited), 200);

    const refused = await login({ email, password: PASSWORD }, limited);
    const retryAfter = refused.headers.get("retry-after");
    const error = await expectError(refused, 429, "RATE_LIMIT_ERROR");
    expect(error.message).toMatch(/too many requests/i);
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  });

  it("accepts attempts again when a minute has passed since the limit was reached", async () => {
    freshWindow();
    const email = uniqueEmail();
    await expectData(await signup({ email }, limited), 201);
    await expectData(await login({ email, password: PASSWORD }, limited), 200);
    await expectData(await login({ email, password: PASSWORD }, limited), 200);
    await expectError(await login({ email, password: PASSWORD }, limited), 429, "RATE_LIMIT_ERROR");

    limited.clock.advance(60_000);
    await expectData(await login({ email, password: PASSWORD }, limited), 200);
  });
});

describe("AUTH_ACCOUNT_RATE_LIMIT_PER_MINUTE", () => {
  const LIMIT = 3;
  let limited: TestApp;
  let addresses = 0;

  beforeAll(async () => {
    // The per-address limit far away, so only the per-account one can answer 429.
    limited = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      AUTH_ACCOUNT_RATE_LIMIT_PER_MINUTE: String(LIMIT),
    });
  });

  /** A login from an address no earlier request came from: another app instance on the same table. */
  function loginFromNewAddress(body: unknown): Promise<Response> {
    addresses += 1;
    const app = createApp(limited.deps, { clientAddress: () => `198.51.100.${addresses}` });
    return Promise.resolve(
      app.request("/v1/dashboard-auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
  }

  /** Moves to the start of the next window, so a test's attempts share one window and no earlier ones. */
  function freshWindow() {
    limited.clock.advance(60_000 - (limited.clock.nowMs() % 60_000));
  }

  it("answers 429 with Retry-After to the 4th login for one email, each from another address", async () => {
    const email = uniqueEmail();
    await expectData(await signup({ email }, limited), 201);
    freshWindow();
    for (let attempt = 1; attempt <= LIMIT; attempt += 1) {
      await expectError(
        await loginFromNewAddress({ email, password: "wrong horse battery" }),
        401,
        "AUTH_ERROR",
      );
    }

    const refused = await loginFromNewAddress({ email, password: PASSWORD });
    expect(refused.headers.get("retry-after")).toBe("60");
    const error = await expectError(refused, 429, "RATE_LIMIT_ERROR");
    expect(error.message).toMatch(/too many requests/i);
  });

  it("counts the email however it is cased, and sign-ups with it too", async () => {
    const email = uniqueEmail();
    freshWindow();
    await expectData(await signup({ email }, limited), 201);
    await expectError(
      await loginFromNewAddress({ email: email.toUpperCase(), password: "x" }),
      401,
      "AUTH_ERROR",
    );
    await expectData(await loginFromNewAddress({ email, password: PASSWORD }), 200);
    await expectError(await loginFromNewAddress({ email, password: PASSWORD }), 429, "RATE_LIMIT_ERROR");
  });

  it("gives an unknown email the same answers as a known one, so the limit reveals no account", async () => {
    const known = uniqueEmail();
    await expectData(await signup({ email: known }, limited), 201);
    freshWindow();
    const answers = async (email: string) => {
      const bodies: string[] = [];
      for (let attempt = 0; attempt <= LIMIT; attempt += 1) {
        const response = await loginFromNewAddress({ email, password: "wrong horse battery" });
        bodies.push(`${response.status} ${await response.text()}`);
      }
      return bodies;
    };
    const forKnown = await answers(known);
    expect(forKnown.map((answer) => answer.slice(0, 3))).toEqual(["401", "401", "401", "429"]);
    expect(await answers(uniqueEmail())).toEqual(forKnown);
  });

  it("keeps other emails and the next window unaffected when one email is limited", async () => {
    const busy = uniqueEmail();
    const quiet = uniqueEmail();
    await expectData(await signup({ email: busy }, limited), 201);
    await expectData(await signup({ email: quiet }, limited), 201);
    freshWindow();
    for (let attempt = 1; attempt <= LIMIT; attempt += 1) {
      await loginFromNewAddress({ email: busy, password: "wrong horse battery" });
    }
    await expectError(
      await loginFromNewAddress({ email: busy, password: PASSWORD }),
      429,
      "RATE_LIMIT_ERROR",
    );
    await expectData(await loginFromNewAddress({ email: quiet, password: PASSWORD }), 200);

    limited.clock.advance(60_000);
    await expectData(await loginFromNewAddress({ email: busy, password: PASSWORD }), 200);
  });
});
