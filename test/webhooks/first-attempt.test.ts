import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createDocumentClient, createDynamoClient } from "../../core/adapters/dynamodb/table/dynamo-client";
import { webhookKeys } from "../../core/adapters/dynamodb/webhooks/webhook-keys";
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

/** Ends the claim on a delivery's first attempt, as if its dispatcher had stopped long enough ago. */
const claimRunOut = (webhookId: string, deliveryId: string) =>
  createDocumentClient(createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") })).send(
    new UpdateCommand({
      TableName: h.t.deps.config.TABLE_NAME,
      Key: webhookKeys.delivery(h.workspaceId, webhookId, deliveryId),
      UpdateExpression: "SET claimUntilMs = :ended",
      ExpressionAttributeValues: { ":ended": Date.now() - 1 },
    }),
  );

describe("a delivery's first attempt, made by its dispatcher", () => {
  it("is made once, with nothing left for the sweeper", async () => {
    const receiver = await startReceiver();
    const webhook = await h.register(receiver.url, ["workflow.completed"]);

    const runId = await h.run([noop("only")]);
    await h.waitForRun(runId, ["COMPLETED"]);
    const [delivery] = await h.settled(webhook.id, 1);
    await h.t.runEventsIdle();

    expect(delivery).toMatchObject({ status: "delivered", attempts: 1, workflowRunId: runId });
    expect(receiver.requests).toHaveLength(1);
    const stored = await h.t.deps.store.webhookDeliveries.get(
      h.workspaceId,
      webhook.id,
      String(delivery?.id),
    );
    expect(stored?.claimUntilMs).toBeNull();
    expect(await h.t.sweepRunEvents()).toBe(0);
  });

  it("is made by a later dispatch of its commit once the claim of a dispatcher that stopped has run out", async () => {
    const receiver = await startReceiver((_request, _n, res) => answer(res, 204));
    const webhook = await h.register(receiver.url, ["workflow.completed"]);
    // The dispatcher stops between creating the delivery and making its request: the decryption of this
    // webhook's secret fails, once (the workspace's other webhooks get the run's events too).
    const vault = h.t.deps.keyVault;
    const decrypt = vault.decrypt.bind(vault);
    vault.decrypt = async (ciphertext, context) => {
      if (context.webhookId !== webhook.id) return decrypt(ciphertext, context);
      vault.decrypt = decrypt;
      throw new Error("KMS unavailable");
    };
    const runId = await h.run([noop("only")]);
    await h.waitForRun(runId, ["COMPLETED"]);
    // The run's status is stored before its worker sends the commit's dispatch: the delivery comes after.
    const created = await eventually(
      async () => (await h.deliveries(webhook.id))[0],
      "the delivery its dispatch created",
    );
    await h.t.runEventsIdle();
    expect(created).toMatchObject({ status: "pending", attempts: 0 });

    // While the claim holds, the sweeper's dispatch of the commit sends nothing and leaves it in the outbox.
    expect(await h.t.sweepRunEvents()).toBe(1);
    await h.t.runEventsIdle();
    expect(receiver.requests).toHaveLength(0);
    await claimRunOut(webhook.id, String(created?.id));
    expect(await h.t.sweepRunEvents()).toBe(1);
    const [delivery] = await h.settled(webhook.id, 1);

    expect(delivery).toMatchObject({
      id: created?.id,
      status: "delivered",
      attempts: 1,
      lastStatusCode: 204,
    });
    expect(receiver.requests.map((request) => request.headers["x-webhook-delivery"])).toEqual([created?.id]);
    expect(await h.t.sweepRunEvents()).toBe(0);
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

    // The sweeper looks while the attempt waits for its answer: the commit is still in the outbox, and its
    // dispatch finds the delivery claimed, so nothing is sent.
    expect(await h.t.sweepRunEvents()).toBe(1);
    await sleep(100);
    release();
    const [delivery] = await h.settled(webhook.id, 1);
    await h.t.runEventsIdle();

    expect(delivery).toMatchObject({ status: "delivered", attempts: 1 });
    expect(receiver.requests).toHaveLength(1);
    expect(await h.t.sweepRunEvents()).toBe(0);
  });
});
