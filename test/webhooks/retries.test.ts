import { createServer } from "node:net";
import { QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { outboxIndexKeys } from "../../core/adapters/dynamodb/runs/run-index-keys";
import { fromJournalItem } from "../../core/adapters/dynamodb/runs/run-items";
import { createDocumentClient, createDynamoClient } from "../../core/adapters/dynamodb/table/dynamo-client";
import { keys } from "../../core/adapters/dynamodb/table/keys";
import { sweepShard } from "../../core/adapters/dynamodb/table/sweep-index";
import { expectData } from "../helpers/requests";
import {
  answer,
  attemptsOf,
  eventually,
  noop,
  sleep,
  startReceiver,
  type WebhookHarness,
  webhookHarness,
} from "./harness";

// Attempts 2 and 3 come 50 ms and 100 ms after the failure before them (WEBHOOK_RETRY_DELAYS_MS=50,100).
const AFTER_LAST_RETRY_MS = 600;

let h: WebhookHarness;
/** A workspace of its own app with no webhook at all. */
let quiet: WebhookHarness;

beforeAll(async () => {
  [h, quiet] = await Promise.all([webhookHarness(), webhookHarness()]);
});

async function completedRun(): Promise<string> {
  const runId = await h.run([noop("only")]);
  await h.waitForRun(runId, ["COMPLETED"]);
  return runId;
}

describe("webhook delivery retries (spec 6.4)", () => {
  it("makes exactly 3 attempts to a receiver that fails twice, the last one delivered", async () => {
    const receiver = await startReceiver((_request, n, res) => answer(res, n <= 2 ? 500 : 200));
    const webhook = await h.register(receiver.url, ["workflow.completed"]);

    await completedRun();
    const [delivery] = await h.settled(webhook.id, 1);
    await sleep(AFTER_LAST_RETRY_MS);

    expect(receiver.requests).toHaveLength(3);
    expect(delivery).toMatchObject({
      status: "delivered",
      attempts: 3,
      lastStatusCode: 200,
      lastError: null,
    });
    expect(delivery && attemptsOf(delivery)).toEqual([500, 500, 200]);
    expect(delivery?.deliveredAt).not.toBeNull();
    const ids = new Set(receiver.requests.map((request) => request.headers["x-webhook-delivery"]));
    const bodies = new Set(receiver.requests.map((request) => request.rawBody));
    expect([ids.size, bodies.size]).toEqual([1, 1]);
    // The delays between attempts are the configured ones (at least).
    const [first, second, third] = receiver.requests.map((request) => request.atMs);
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(45);
    expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(95);
  });

  it("makes 3 attempts and no more to a receiver that always fails, then marks the delivery failed", async () => {
    const receiver = await startReceiver((_request, _n, res) => answer(res, 503));
    const webhook = await h.register(receiver.url, ["workflow.completed"]);

    await completedRun();
    const [delivery] = await h.settled(webhook.id, 1);
    await sleep(AFTER_LAST_RETRY_MS);
    await h.t.runEventsIdle();

    expect(receiver.requests).toHaveLength(3);
    expect(delivery).toMatchObject({
      status: "failed",
      attempts: 3,
      lastStatusCode: 503,
      nextAttemptAt: null,
    });
    expect(delivery && attemptsOf(delivery)).toEqual([503, 503, 503]);
    expect(delivery?.failedAt).not.toBeNull();
  });

  it("counts a receiver that cannot be reached as a failure", async () => {
    const closedPort = await freePort();
    const webhook = await h.register(`http://127.0.0.1:${closedPort}/hooks`, ["workflow.completed"]);

    await completedRun();
    const [delivery] = await h.settled(webhook.id, 1);

    expect(delivery).toMatchObject({ status: "failed", attempts: 3, lastStatusCode: null });
    expect(delivery?.lastError).toMatch(/connection failed: .*ECONNREFUSED/);
  });

  it("does not follow a redirect: a 3xx answer is a failed attempt and its target is never contacted", async () => {
    const target = await startReceiver();
    const toTarget = await startReceiver((_request, _n, res) => answer(res, 302, { location: target.url }));
    const metadata = "http://169.254.169.254/latest/meta-data/iam/security-credentials/";
    const toMetadata = await startReceiver((_request, _n, res) => answer(res, 307, { location: metadata }));
    const webhooks = [
      await h.register(toTarget.url, ["workflow.completed"]),
      await h.register(toMetadata.url, ["workflow.completed"]),
    ];

    await completedRun();
    const [redirected, toForbidden] = await Promise.all(
      webhooks.map(async (webhook) => (await h.settled(webhook.id, 1))[0]),
    );

    expect([toTarget.requests.length, toMetadata.requests.length, target.requests.length]).toEqual([3, 3, 0]);
    expect(redirected).toMatchObject({
      status: "failed",
      lastStatusCode: 302,
      lastError: "redirects are not followed",
    });
    expect(toForbidden).toMatchObject({
      status: "failed",
      lastStatusCode: 307,
      lastError: "redirects are not followed",
    });
    expect(toForbidden?.attemptLog.map((attempt) => attempt.statusCode)).toEqual([307, 307, 307]);
  });

  it("makes no further attempt once the webhook is deleted between attempts, and cancels the delivery", async () => {
    let webhookId = "";
    const receiver = await startReceiver(async (_request, n, res) => {
      // The deletion commits before attempt 1's failure is even recorded; attempt 2 is already due in 50 ms.
      if (n === 1) await expectData(await h.call("DELETE", `/v1/webhooks/${webhookId}`), 200);
      answer(res, 500);
    });
    const webhook = await h.register(receiver.url, ["workflow.completed"]);
    webhookId = webhook.id;

    const runId = await completedRun();
    await eventually(() => (receiver.requests.length === 1 ? true : undefined), "attempt 1");
    await sleep(AFTER_LAST_RETRY_MS);
    await h.t.runEventsIdle();

    expect(receiver.requests).toHaveLength(1);
    expect((await h.call("GET", `/v1/webhooks/${webhook.id}/deliveries`)).status).toBe(404);
    const deliveryId = String(receiver.requests[0]?.headers["x-webhook-delivery"]);
    const stored = await h.t.deps.store.webhookDeliveries.get(h.workspaceId, webhook.id, deliveryId);
    expect(stored).toMatchObject({
      status: "cancelled",
      attempts: 1,
      workflowRunId: runId,
      claimUntilMs: null,
    });
  });

  it("creates no second delivery when a commit is dispatched again (the outbox sweeper after a lost clear)", async () => {
    const receiver = await startReceiver();
    const webhook = await h.register(receiver.url, ["workflow.completed"]);
    const runId = await completedRun();
    await h.settled(webhook.id, 1);
    await h.t.runEventsIdle();

    // As if the dispatcher died after creating the delivery but before clearing the outbox entry.
    await restoreOutboxEntry(runId, "WORKFLOW_COMPLETED");
    expect(await h.t.sweepRunEvents()).toBeGreaterThanOrEqual(1);
    await h.t.runEventsIdle();
    await sleep(100);

    expect(receiver.requests).toHaveLength(1);
    const log = await h.deliveries(webhook.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ status: "delivered", attempts: 1 });
    const page = (await (await h.call("GET", `/v1/webhooks/${webhook.id}/deliveries`)).json()) as {
      meta: { total: number };
    };
    expect(page.meta.total).toBe(1);
    expect(await h.t.sweepRunEvents()).toBe(0);
  });

  it("dispatches a commit whose dispatch message was lost (as with the queue a deploy replaces) from its outbox entry, kept under its WEBHOOKS# keys", async () => {
    const receiver = await startReceiver();
    const webhook = await h.register(receiver.url, ["workflow.completed"]);
    const queue = h.t.deps.runEventQueue;
    const send = queue.send.bind(queue);
    queue.send = async (message, options) => {
      if (message.type !== "webhooks.dispatch") await send(message, options);
    };
    let runId: string;
    try {
      runId = await completedRun();
      await h.t.runEventsIdle();
    } finally {
      queue.send = send;
    }
    expect(receiver.requests).toHaveLength(0);
    const entry = await journalItemWith(runId, "WORKFLOW_COMPLETED");
    // The layout items were written in before the outbox was named for run events, read as they are.
    expect(entry.gsi5pk).toBe(`WEBHOOKS#${sweepShard(runId)}`);
    expect(entry.gsi5sk).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z#${runId}#\\d{10}$`));

    expect(await h.t.sweepRunEvents()).toBeGreaterThanOrEqual(1);
    const [delivery] = await h.settled(webhook.id, 1);
    await h.t.runEventsIdle();

    expect(delivery).toMatchObject({ status: "delivered", attempts: 1, workflowRunId: runId });
    expect(receiver.requests).toHaveLength(1);
    expect((await journalItemWith(runId, "WORKFLOW_COMPLETED")).gsi5pk).toBeUndefined();
  });

  it("leaves nothing in the outbox for a commit whose workspace has no subscribed webhook", async () => {
    const runId = await quiet.run([noop("only")]);
    await quiet.waitForRun(runId, ["COMPLETED"]);
    await quiet.t.runEventsIdle();

    expect(await quiet.t.sweepRunEvents()).toBe(0);
  });
});

/** The journal item holding the run's `eventType`, as stored. */
async function journalItemWith(runId: string, eventType: string): Promise<Record<string, unknown>> {
  const { Items = [] } = await documentClient().send(
    new QueryCommand({
      TableName: h.t.deps.config.TABLE_NAME,
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :prefix)",
      ExpressionAttributeValues: {
        ":pk": keys.runPartition(h.workspaceId, runId),
        ":prefix": keys.journalPrefix,
      },
    }),
  );
  const journal = Items.find((item) =>
    fromJournalItem(item).events.some((event) => event.eventType === eventType),
  );
  if (!journal) throw new Error(`no journal item with ${eventType}`);
  return journal;
}

/** Puts the outbox index keys back on the journal item holding `eventType`, as its commit wrote them. */
async function restoreOutboxEntry(runId: string, eventType: string): Promise<void> {
  const journal = await journalItemWith(runId, eventType);
  const first = fromJournalItem(journal).events[0];
  if (!first) throw new Error("empty journal");
  const index = outboxIndexKeys(runId, first.createdAt, first.seq);
  await documentClient().send(
    new UpdateCommand({
      TableName: h.t.deps.config.TABLE_NAME,
      Key: { pk: journal.pk, sk: journal.sk },
      UpdateExpression: "SET gsi5pk = :pk, gsi5sk = :sk",
      ExpressionAttributeValues: { ":pk": index.gsi5pk, ":sk": index.gsi5sk },
    }),
  );
}

const documentClient = () =>
  createDocumentClient(createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
