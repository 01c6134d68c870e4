import { beforeAll, describe, expect, it } from "vitest";
import {
  answer,
  attemptsOf,
  noop,
  sleep,
  startReceiver,
  type WebhookHarness,
  webhookHarness,
} from "./harness";

// The attempt timeout is WEBHOOK_TIMEOUT_MS (default 10000, spec 6.4; see test/unit/webhooks/config.test.ts
// and defaults.test.ts). Shortened here so the suite stays fast; the code path is the same.
const TIMEOUT_MS = 300;

let h: WebhookHarness;

beforeAll(async () => {
  h = await webhookHarness({ WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) });
});

describe("a slow webhook receiver", () => {
  it("counts an answer later than the timeout as a failed attempt, then retries", async () => {
    const receiver = await startReceiver(async (_request, n, res) => {
      if (n === 1) await sleep(TIMEOUT_MS * 4);
      answer(res, 200);
    });
    const webhook = await h.register(receiver.url, ["workflow.completed"]);

    const runId = await h.run([noop("only")]);
    await h.waitForRun(runId, ["COMPLETED"]);
    const [delivery] = await h.settled(webhook.id, 1);

    expect(delivery && attemptsOf(delivery)).toEqual([
      `Outbound request failed: timed out after ${TIMEOUT_MS} ms`,
      200,
    ]);
    expect(delivery).toMatchObject({ status: "delivered", attempts: 2, lastStatusCode: 200 });
    const firstAttempt = delivery?.attemptLog[0];
    expect(firstAttempt?.durationMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
    expect(firstAttempt?.durationMs).toBeLessThan(TIMEOUT_MS * 4);
    expect(receiver.requests).toHaveLength(2);
  });

  it("fails the delivery after 3 attempts that all time out", async () => {
    const receiver = await startReceiver(async (_request, _n, res) => {
      await sleep(TIMEOUT_MS * 3);
      answer(res, 200);
    });
    const webhook = await h.register(receiver.url, ["workflow.completed"]);

    const runId = await h.run([noop("only")]);
    await h.waitForRun(runId, ["COMPLETED"]);
    const [delivery] = await h.settled(webhook.id, 1);

    expect(delivery).toMatchObject({ status: "failed", attempts: 3, lastStatusCode: null });
    expect(delivery?.lastError).toMatch(/timed out/);
  });
});
