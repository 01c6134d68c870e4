import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DeleteCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createDocumentClient, createDynamoClient } from "../../core/adapters/dynamodb/table/dynamo-client";
import { webhookKeys } from "../../core/adapters/dynamodb/webhooks/webhook-keys";
import type { DeliveryRecord, WebhookDelivery } from "../../core/domain/webhook";
import { deliveryIdFor } from "../../core/webhooks/delivery-id";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { PageBody } from "../helpers/api-types";
import { expectData } from "../helpers/requests";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * A webhook's delivery log at depth, over HTTP on DynamoDB Local (docs/data-model.md, "Webhooks"): deliveries
 * are numbered as they are created, so every page lists exactly the deliveries at its place, newest first,
 * under an exact `total`, and a deep page reads what page 1 reads; deliveries written before they were
 * numbered are listed below, in the order they always had.
 */
let t: TestApp;
let ws: SignedUp;
/** Per DynamoDB request about the webhook under watch: the items it read (a query's before its filter). */
let reads: { command: string; items: number }[] = [];
let watched = "";

function countReads(client: DynamoDBClient): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      if (watched !== "" && JSON.stringify(args.input).includes(watched)) {
        const output = result.output as {
          ScannedCount?: number;
          Item?: unknown;
          Responses?: Record<string, unknown[]>;
        };
        const items =
          output.ScannedCount ??
          (output.Responses ? Object.values(output.Responses).flat().length : output.Item ? 1 : 0);
        reads.push({ command: String(context.commandName), items });
      }
      return result;
    },
    { step: "initialize", name: "countReads" },
  );
}

/** Whether the next delivery put's answer is lost after it has landed, so the SDK sends it again. */
let losePutAnswer = false;

function loseAnswer(client: DynamoDBClient): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      if (
        losePutAnswer &&
        context.commandName === "PutItemCommand" &&
        JSON.stringify(args).includes("DELIVERY#")
      ) {
        losePutAnswer = false;
        throw Object.assign(new Error("socket hang up after the write"), { name: "TimeoutError" });
      }
      return result;
    },
    // Below the SDK's retries, as a connection dropped before the answer would be.
    { step: "deserialize", name: "loseAnswer" },
  );
}

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_PER_MINUTE: "1000000" },
    {
      onDynamo: (client) => {
        countReads(client);
        loseAnswer(client);
      },
    },
  );
  ws = await signUp(t);
});

const call = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { body, headers: withKey(ws.apiKey) });

/** Creates a delivery as a dispatcher does, its first attempt claimed for a minute (and never made here). */
const createDelivery = (record: DeliveryRecord) =>
  t.deps.store.webhookDeliveries.create(record, Date.now() + 60_000);

async function createWebhook(): Promise<string> {
  const created = await expectData<{ id: string }>(
    await call("POST", "/v1/webhooks", { url: "https://hooks.example.com/log", events: ["workflow.failed"] }),
    201,
  );
  return created.id;
}

async function logPageBody(
  webhookId: string,
  page: number,
  pageSize: number,
): Promise<PageBody<WebhookDelivery>> {
  const response = await call(
    "GET",
    `/v1/webhooks/${webhookId}/deliveries?page=${page}&pageSize=${pageSize}`,
  );
  expect(response.status).toBe(200);
  return (await response.json()) as PageBody<WebhookDelivery>;
}

/** Every page of the log, in order, each checked for the log's `total`. */
async function wholeLog(webhookId: string, pageSize: number, total: number): Promise<string[]> {
  const ids: string[] = [];
  const pages = Math.ceil(total / pageSize);
  for (let page = 1; page <= pages + 1; page++) {
    const body = await logPageBody(webhookId, page, pageSize);
    expect(body.meta).toEqual({ page, pageSize, total, totalPages: pages });
    expect(body.data.length).toBe(page <= pages ? Math.min(pageSize, total - (page - 1) * pageSize) : 0);
    ids.push(...body.data.map((delivery) => delivery.id));
  }
  return ids;
}

/** A delivery for event number `n`: ids sort by `n`, as event ULIDs sort by time. */
function delivery(webhookId: string, n: number): DeliveryRecord {
  const eventId = `evt_01KB00000000000000000${String(n).padStart(5, "0")}`;
  const at = new Date(Date.UTC(2026, 10, 1) + n * 1000).toISOString();
  return {
    id: deliveryIdFor(eventId, webhookId),
    workspaceId: ws.workspaceId,
    webhookId,
    event: "workflow.failed",
    eventId,
    workflowRunId: `run_${n}`,
    status: "delivered",
    attempts: 1,
    attemptLog: [{ attempt: 1, at, statusCode: 200, error: null, durationMs: 3 }],
    lastStatusCode: 200,
    lastError: null,
    nextAttemptAt: null,
    createdAt: at,
    updatedAt: at,
    deliveredAt: at,
    failedAt: null,
    body: JSON.stringify({ event: "workflow.failed", n }),
  };
}

const documents = () =>
  createDocumentClient(createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") }));

/** Writes deliveries as the store wrote them before they were numbered, and counts them on the webhook as it did. */
async function writeOldLayout(webhookId: string, records: DeliveryRecord[]): Promise<void> {
  const db = createDocumentClient(
    createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") }),
  );
  const TableName = t.deps.config.TABLE_NAME;
  for (const record of records) {
    await db.send(
      new PutCommand({
        TableName,
        Item: {
          ...webhookKeys.delivery(record.workspaceId, webhookId, record.id),
          entity: "WebhookDelivery",
          ...record,
        },
      }),
    );
  }
  await db.send(
    new UpdateCommand({
      TableName,
      Key: webhookKeys.webhook(ws.workspaceId, webhookId),
      UpdateExpression: "ADD deliveryCount :n",
      ExpressionAttributeValues: { ":n": records.length },
    }),
  );
}

/** What one page request read of the webhook's items: its requests and the items they read. */
async function readsOf(webhookId: string, page: number, pageSize: number) {
  reads = [];
  watched = webhookId;
  const { data } = await logPageBody(webhookId, page, pageSize);
  watched = "";
  return {
    ids: data.map((item) => item.id),
    requests: reads.map((read) => read.command),
    items: reads.reduce((sum, read) => sum + read.items, 0),
  };
}

describe("a webhook's delivery log at depth", () => {
  it("lists every delivery once, newest first, with an exact total, old and new layout together", async () => {
    const webhookId = await createWebhook();
    const create = (n: number) => createDelivery(delivery(webhookId, n));
    const old = Array.from({ length: 12 }, (_, i) => delivery(webhookId, i + 1));
    await writeOldLayout(webhookId, old);
    const oldNewestFirst = old.map((record) => record.id).reverse();
    // Before any delivery is numbered, the log is the old one, in its old order.
    expect(await wholeLog(webhookId, 5, 12)).toEqual(oldNewestFirst);

    const numbered: string[] = [];
    for (let n = 101; n <= 140; n++) {
      expect(await create(n)).toBe("created");
      numbered.push(delivery(webhookId, n).id);
    }
    // A repeated dispatch creates nothing and gives its number up: the total does not count it.
    expect(await create(120)).toBe("exists");
    // A dispatch delayed past later events (its message lost, re-sent by the sweeper): listed when it was
    // created, on top, as its createdAt says.
    expect(await create(50)).toBe("created");
    numbered.push(delivery(webhookId, 50).id);

    const expected = [...numbered.reverse(), ...oldNewestFirst];
    expect(await wholeLog(webhookId, 5, 53)).toEqual(expected);
    expect(await wholeLog(webhookId, 7, 53)).toEqual(expected);
    expect(await wholeLog(webhookId, 100, 53)).toEqual(expected);
  });

  it("reads as much for a deep page as for page 1", async () => {
    const webhookId = await createWebhook();
    for (let n = 1; n <= 60; n++) await createDelivery(delivery(webhookId, n));
    const first = await readsOf(webhookId, 1, 5);
    const deep = await readsOf(webhookId, 12, 5);
    expect(first.ids).toEqual([60, 59, 58, 57, 56].map((n) => delivery(webhookId, n).id));
    expect(deep.ids).toEqual([5, 4, 3, 2, 1].map((n) => delivery(webhookId, n).id));
    // The webhook's counter, the page's index entries, the page's deliveries.
    expect(first.requests).toEqual(["GetItemCommand", "QueryCommand", "QueryCommand"]);
    expect(deep).toMatchObject({ requests: first.requests, items: first.items });
    expect(first.items).toBe(1 + 5 + 5);
  });

  it("numbers deliveries created at the same moment without conflict or loss", async () => {
    const webhookId = await createWebhook();
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) => createDelivery(delivery(webhookId, i + 1))),
    );
    expect(outcomes.every((outcome) => outcome === "created")).toBe(true);
    const ids = await wholeLog(webhookId, 10, 40);
    expect(new Set(ids)).toEqual(
      new Set(Array.from({ length: 40 }, (_, i) => delivery(webhookId, i + 1).id)),
    );
  });

  it("counts a delivery whose put landed but whose answer was lost once, not as a repeat", async () => {
    const webhookId = await createWebhook();
    await createDelivery(delivery(webhookId, 1));
    losePutAnswer = true;
    expect(await createDelivery(delivery(webhookId, 2))).toBe("created");
    expect(losePutAnswer).toBe(false);
    expect(await createDelivery(delivery(webhookId, 3))).toBe("created");
    expect(await wholeLog(webhookId, 2, 3)).toEqual([3, 2, 1].map((n) => delivery(webhookId, n).id));
  });

  it("lists a delivery whose dispatcher died before its log entry once the dispatch is repeated", async () => {
    const webhookId = await createWebhook();
    for (const n of [1, 2, 3]) await createDelivery(delivery(webhookId, n));
    // The entry of delivery 2 (number 2) never written: the dispatcher died between its two puts.
    await documents().send(
      new DeleteCommand({
        TableName: t.deps.config.TABLE_NAME,
        Key: webhookKeys.logEntry(ws.workspaceId, webhookId, 2),
      }),
    );
    expect((await logPageBody(webhookId, 1, 10)).data.map((d) => d.id)).toEqual(
      [3, 1].map((n) => delivery(webhookId, n).id),
    );
    // The sweeper dispatches the commit again: nothing is created, and the delivery takes its place back.
    expect(await createDelivery(delivery(webhookId, 2))).toBe("exists");
    expect(await wholeLog(webhookId, 10, 3)).toEqual([3, 2, 1].map((n) => delivery(webhookId, n).id));
  });

  it("creates no delivery for a webhook deleted before it", async () => {
    const webhookId = await createWebhook();
    await expectData(await call("DELETE", `/v1/webhooks/${webhookId}`), 200);
    expect(await createDelivery(delivery(webhookId, 1))).toBe("webhook-gone");
  });
});
