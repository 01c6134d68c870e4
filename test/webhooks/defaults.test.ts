import { beforeAll, describe, expect, it } from "vitest";
import { webhookAttempt } from "../../core/domain/run-event-messages";
import type { OutboundRequest } from "../../core/ports/http";
import { deliverWebhookAttempt } from "../../core/webhooks/deliver";
import { answer, eventually, noop, startReceiver, type WebhookHarness, webhookHarness } from "./harness";

/**
 * The service's own defaults (no WEBHOOK_* settings): a 10 s timeout per attempt, attempts 2 and 3 after
 * 5 s and 30 s. Nothing here waits for a delay: the schedule is read from the delivery record, and the later
 * attempts are made by calling the worker directly, as the queue would once their delays have passed.
 */
let h: WebhookHarness;
const sent: OutboundRequest[] = [];

beforeAll(async () => {
  h = await webhookHarness({ WEBHOOK_RETRY_DELAYS_MS: "5000,30000" });
  const real = h.t.deps.http;
  h.t.deps.http = {
    request: (request) => {
      sent.push(request);
      return real.request(request);
    },
  };
});

describe("webhook delivery defaults (spec 6.4)", () => {
  it("gives each attempt 10 seconds, then retries after 5 s and 30 s, and stops after the third", async () => {
    expect(h.t.deps.config.WEBHOOK_TIMEOUT_MS).toBe(10_000);
    const receiver = await startReceiver((_request, _n, res) => answer(res, 500));
    const webhook = await h.register(receiver.url, ["workflow.completed"]);
    const runId = await h.run([noop("only")]);
    await h.waitForRun(runId, ["COMPLETED"]);

    const afterFirst = await eventually(async () => {
      const [delivery] = await h.deliveries(webhook.id);
      return delivery?.attempts === 1 ? delivery : undefined;
    }, "attempt 1");
    expect(sent.map((request) => request.timeoutMs)).toEqual([10_000]);
    expect(delayAfterLastAttempt(afterFirst)).toBe(5_000);

    const stored = (attempt: number) =>
      webhookAttempt({ ...afterFirst, workspaceId: h.workspaceId }, attempt);
    await deliverWebhookAttempt(h.t.deps, stored(2));
    const [afterSecond] = await h.deliveries(webhook.id);
    expect(afterSecond?.attempts).toBe(2);
    expect(afterSecond && delayAfterLastAttempt(afterSecond)).toBe(30_000);

    await deliverWebhookAttempt(h.t.deps, stored(3));
    await deliverWebhookAttempt(h.t.deps, stored(4));
    const [final] = await h.deliveries(webhook.id);
    expect(final).toMatchObject({ status: "failed", attempts: 3, nextAttemptAt: null });
    expect(receiver.requests).toHaveLength(3);
    expect(sent.map((request) => request.timeoutMs)).toEqual([10_000, 10_000, 10_000]);
  });
});

function delayAfterLastAttempt(delivery: {
  nextAttemptAt: string | null;
  attemptLog: { at: string; durationMs: number }[];
}): number {
  const last = delivery.attemptLog.at(-1);
  if (!last || !delivery.nextAttemptAt) throw new Error("no attempt scheduled");
  return Date.parse(delivery.nextAttemptAt) - (Date.parse(last.at) + last.durationMs);
}
