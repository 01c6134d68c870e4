import { beforeAll, describe, expect, it } from "vitest";
import { webhookAttempt } from "../../core/domain/run-event-messages";
import type { WebhookDelivery } from "../../core/domain/webhook";
import { deliverWebhookAttempt } from "../../core/webhooks/deliver";
import { expectData } from "../helpers/requests";
import {
  answer,
  eventually,
  noop,
  type Receiver,
  startReceiver,
  type WebhookHarness,
  webhookHarness,
} from "./harness";

/**
 * Deleting a webhook is one write whatever it has waiting: each pending delivery is cancelled by the next
 * message about it, which finds the webhook gone (docs/webhooks.md, "Deleting a webhook"). The receivers here
 * always fail, so a delivery sits pending between attempts when its webhook is deleted.
 */
let fast: WebhookHarness;
/** Retries a minute apart: nothing scheduled arrives during a test. */
let slow: WebhookHarness;

beforeAll(async () => {
  [fast, slow] = await Promise.all([
    // A second between attempts leaves ample time to delete the webhook before attempt 2.
    webhookHarness({ WEBHOOK_RETRY_DELAYS_MS: "1000,1000" }),
    webhookHarness({ WEBHOOK_RETRY_DELAYS_MS: "60000,60000" }),
  ]);
});

/** A failing receiver's webhook with one delivery whose attempt 1 is made and attempt 2 still to come. */
async function awaitingRetry(h: WebhookHarness): Promise<{
  receiver: Receiver;
  webhookId: string;
  delivery: WebhookDelivery;
}> {
  const receiver = await startReceiver((_request, _n, res) => answer(res, 500));
  const webhook = await h.register(receiver.url, ["workflow.completed"]);
  const runId = await h.run([noop("only")]);
  await h.waitForRun(runId, ["COMPLETED"]);
  const delivery = await eventually(async () => {
    const [first] = await h.deliveries(webhook.id);
    return first?.attempts === 1 ? first : undefined;
  }, "attempt 1 recorded");
  expect(delivery).toMatchObject({ status: "pending", nextAttemptAt: expect.any(String) });
  return { receiver, webhookId: webhook.id, delivery };
}

const stored = (h: WebhookHarness, webhookId: string, deliveryId: string) =>
  h.t.deps.store.webhookDeliveries.get(h.workspaceId, webhookId, deliveryId);

describe("deleting a webhook with a delivery awaiting its retry", () => {
  it("cancels the delivery when its retry comes, without contacting the endpoint again", async () => {
    const { receiver, webhookId, delivery } = await awaitingRetry(fast);

    await expectData(await fast.call("DELETE", `/v1/webhooks/${webhookId}`), 200);
    await eventually(
      async () => ((await stored(fast, webhookId, delivery.id))?.status === "cancelled" ? true : undefined),
      "the delivery to be cancelled",
    );
    // Nothing is left queued or scheduled: no attempt 3 will come either.
    await fast.t.runEventsIdle();

    expect(receiver.requests).toHaveLength(1);
    expect(await stored(fast, webhookId, delivery.id)).toMatchObject({
      status: "cancelled",
      attempts: 1,
      nextAttemptAt: null,
      claimUntilMs: null,
    });
    // A final delivery leaves the sweep index: the sweeper has nothing to send again.
    expect(await fast.t.sweepRunEvents()).toBe(0);
    expect((await fast.call("GET", `/v1/webhooks/${webhookId}/deliveries`)).status).toBe(404);
  });

  it("cancels it at the first message about it, even a late duplicate of an attempt already made", async () => {
    const { receiver, webhookId, delivery } = await awaitingRetry(slow);
    const message = (attempt: number) =>
      webhookAttempt({ ...delivery, workspaceId: slow.workspaceId }, attempt);

    await expectData(await slow.call("DELETE", `/v1/webhooks/${webhookId}`), 200);
    await deliverWebhookAttempt(slow.t.deps, message(1));

    expect(await stored(slow, webhookId, delivery.id)).toMatchObject({ status: "cancelled", attempts: 1 });
    // The retry that was scheduled, when it comes, finds nothing to do.
    await deliverWebhookAttempt(slow.t.deps, message(2));
    expect(receiver.requests).toHaveLength(1);
    expect(await stored(slow, webhookId, delivery.id)).toMatchObject({ status: "cancelled", attempts: 1 });
  });
});
