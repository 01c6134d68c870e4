import { beforeAll, describe, expect, it } from "vitest";
import { pendingDelivery } from "../../core/domain/webhook";
import {
  answer,
  eventually,
  noop,
  sleep,
  startReceiver,
  type WebhookHarness,
  webhookHarness,
} from "./harness";

let h: WebhookHarness;

beforeAll(async () => {
  h = await webhookHarness();
});

/** A delivery as the dispatcher creates it for a run's completion. */
const completionDelivery = (webhookId: string, id: string) =>
  pendingDelivery(
    {
      id,
      workspaceId: h.workspaceId,
      webhookId,
      event: "workflow.completed",
      eventId: id,
      workflowRunId: "run_dispatcher_died",
      body: JSON.stringify({ event: "workflow.completed", id }),
    },
    new Date().toISOString(),
  );

describe("a delivery's first attempt, made by its dispatcher", () => {
  it("is made once, with nothing left for the sweeper", async () => {
    const receiver = await startReceiver();
    const webhook = await h.register(receiver.url, ["workflow.completed"]);

    const runId = await h.run([noop("only")]);
    await h.waitForRun(runId, ["COMPLETED"]);
    const [delivery] = await h.settled(webhook.id, 1);
    await h.t.webhooksIdle();

    expect(delivery).toMatchObject({ status: "delivered", attempts: 1, workflowRunId: runId });
    expect(receiver.requests).toHaveLength(1);
    const stored = await h.t.deps.store.webhookDeliveries.get(
      h.workspaceId,
      webhook.id,
      String(delivery?.id),
    );
    expect(stored?.claimUntilMs).toBeNull();
    expect(await h.t.sweepWebhooks()).toBe(0);
  });

  it("is left alone while its claim holds, and made by the sweeper once the claim has run out", async () => {
    const receiver = await startReceiver((_request, _n, res) => answer(res, 204));
    const webhook = await h.register(receiver.url, ["workflow.completed"]);
    // As if the dispatcher died right after creating the delivery, its attempt 1 claimed for 400 ms.
    const record = completionDelivery(webhook.id, "dlv_died_holding_claim");
    expect(await h.t.deps.store.webhookDeliveries.create(record, Date.now() + 400)).toBe("created");

    expect(await h.t.sweepWebhooks()).toBe(0);
    await sleep(450);
    expect(await h.t.sweepWebhooks()).toBe(1);
    const [delivery] = await h.settled(webhook.id, 1);

    expect(delivery).toMatchObject({ id: record.id, status: "delivered", attempts: 1, lastStatusCode: 204 });
    expect(receiver.requests.map((request) => request.headers["x-webhook-delivery"])).toEqual([record.id]);
    expect(receiver.requests[0]?.rawBody).toBe(record.body);
  });

  it("is not made twice when its claim is still held by a dispatcher that is alive", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const receiver = await startReceiver(async (_request, _n, res) => {
      await held;
      answer(res, 200);
    });
    const webhook = await h.register(receiver.url, ["workflow.completed"]);
    const runId = await h.run([noop("only")]);
    await h.waitForRun(runId, ["COMPLETED"]);
    await eventually(() => (receiver.requests.length === 1 ? true : undefined), "attempt 1 on its way");

    // The sweeper looks while the attempt waits for its answer: the claim is not due, nothing is sent.
    expect(await h.t.sweepWebhooks()).toBe(0);
    release();
    const [delivery] = await h.settled(webhook.id, 1);

    expect(delivery).toMatchObject({ status: "delivered", attempts: 1 });
    expect(receiver.requests).toHaveLength(1);
  });
});
