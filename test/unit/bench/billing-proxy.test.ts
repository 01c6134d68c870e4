import { randomBytes } from "node:crypto";
import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import {
  BatchGetCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { type BillingProxy, type ObservedCommit, startBillingProxy } from "../../../bench/lib/billing-proxy";
import { type Counts, since } from "../../../bench/lib/tally";
import { ensureTable } from "../../../core/adapters/dynamodb/create-table";
import { createDocumentClient, createDynamoClient } from "../../../core/adapters/dynamodb/dynamo-client";
import { itemSizeBytes } from "../../../core/adapters/dynamodb/item-size";

/**
 * The billing proxy between a document client and the test run's DynamoDB Local: each request billed as
 * DynamoDB bills it, whatever DynamoDB Local reports.
 */
const tableName = `bill-${randomBytes(6).toString("hex")}`;
let proxy: BillingProxy;
let raw: DynamoDBClient;
let db: DynamoDBDocumentClient;
const commits: ObservedCommit[] = [];
let mark: Counts = {};

beforeAll(async () => {
  const endpoint = inject("dynamoEndpoint");
  await ensureTable(createDynamoClient({ region: "us-east-1", endpoint }), tableName);
  proxy = await startBillingProxy({ target: endpoint, onCommit: (commit) => commits.push(commit) });
  raw = createDynamoClient({ region: "us-east-1", endpoint: proxy.endpoint });
  db = createDocumentClient(raw);
});

afterAll(async () => {
  raw?.destroy();
  await proxy?.stop();
});

beforeEach(() => {
  mark = proxy.tally.snapshot();
  commits.length = 0;
});

/** What the proxy counted since the test began. */
const counted = () => since(mark, proxy.tally.snapshot());
const unique = () => randomBytes(6).toString("hex");

/** An item of exactly `bytes` as DynamoDB counts it. */
function itemOf(bytes: number, fields: Record<string, unknown> = {}): Record<string, unknown> {
  const base = { pk: `P#${unique()}`, sk: "S", filler: "", ...fields };
  return { ...base, filler: "x".repeat(bytes - itemSizeBytes(base)) };
}

describe("the billing proxy, on writes", () => {
  it("bills a 2-item transaction of 1.3 and 1.9 KB items 8 WRU, where DynamoDB Local reports less", async () => {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName, Item: itemOf(1331) } },
          { Put: { TableName: tableName, Item: itemOf(1946) } },
        ],
      }),
    );
    const counts = counted();
    expect(counts["work.wru"]).toBe(8);
    expect(counts["work.local.wru"]).toBeLessThan(8);
    expect(commits[0]?.writes.map((write) => [write.before, write.after !== undefined])).toEqual([
      [undefined, true],
      [undefined, true],
    ]);
  });

  it("bills an update the larger of the item before and after, and no index write when no index key changes", async () => {
    const item = itemOf(2100, { gsi1pk: "LIST", gsi1sk: "0001" });
    await db.send(new PutCommand({ TableName: tableName, Item: item }));
    mark = proxy.tally.snapshot();
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: "SET filler = :small",
        ExpressionAttributeValues: { ":small": "x" },
      }),
    );
    const counts = counted();
    expect(counts["work.wru"]).toBe(3);
    expect(counts["work.wru@index:gsi1"]).toBeUndefined();
  });

  it("bills an index key change as a delete and a put in the index, 1 WRU each", async () => {
    const item = itemOf(500, { gsi3pk: "STATUS#RUNNING", gsi3sk: "0001" });
    await db.send(new PutCommand({ TableName: tableName, Item: item }));
    expect(counted()["work.wru"]).toBe(2);
    mark = proxy.tally.snapshot();
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: "SET gsi3pk = :done",
        ExpressionAttributeValues: { ":done": "STATUS#COMPLETED" },
      }),
    );
    const counts = counted();
    expect(counts["work.wru"]).toBe(3);
    expect(counts["work.wru@index:gsi3"]).toBe(2);
    expect([counts["work.idx.delete"], counts["work.idx.put"]]).toEqual([1, 1]);
  });

  it("bills a change of gsi6's projected live status as one index write, not a delete and a put", async () => {
    const item = itemOf(500, { gsi6pk: "WS#w#LIVE", gsi6sk: "000000000001", live: "RUNNING" });
    await db.send(new PutCommand({ TableName: tableName, Item: item }));
    expect(counted()["work.wru@index:gsi6"]).toBe(1);
    mark = proxy.tally.snapshot();
    await db.send(new PutCommand({ TableName: tableName, Item: { ...item, live: "PAUSED" } }));
    const counts = counted();
    expect(counts["work.wru"]).toBe(2);
    expect(counts["work.wru@index:gsi6"]).toBe(1);
    expect(counts["work.idx.update"]).toBe(1);
    expect([counts["work.idx.delete"], counts["work.idx.put"]]).toEqual([undefined, undefined]);
  });

  it("bills a failed conditional put by the larger of the existing and the attempted item", async () => {
    const item = itemOf(2500);
    await db.send(new PutCommand({ TableName: tableName, Item: item }));
    mark = proxy.tally.snapshot();
    commits.length = 0;
    await expect(
      db.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...item, filler: "x" },
          ConditionExpression: "attribute_not_exists(pk)",
        }),
      ),
    ).rejects.toThrow();
    const counts = counted();
    expect(counts["work.wru"]).toBe(3);
    expect(counts["work.fail:PutItem"]).toBe(1);
    expect(commits).toEqual([]);
  });

  it("bills a failed conditional update by the item it would have made, found by replaying it", async () => {
    const item = itemOf(400, { version: 1 });
    await db.send(new PutCommand({ TableName: tableName, Item: item }));
    mark = proxy.tally.snapshot();
    await expect(
      db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { pk: item.pk, sk: item.sk },
          UpdateExpression: "SET filler = :big, version = :next",
          ConditionExpression: "version = :expected",
          ExpressionAttributeValues: { ":big": "y".repeat(2200), ":next": 3, ":expected": 2 },
        }),
      ),
    ).rejects.toThrow();
    expect(counted()["work.wru"]).toBe(3);
  });

  it("bills a cancelled transaction once per item (the prepare writes), nothing to the indexes", async () => {
    const existing = itemOf(1500, { gsi1pk: "A", gsi1sk: "1" });
    await db.send(new PutCommand({ TableName: tableName, Item: existing }));
    mark = proxy.tally.snapshot();
    await expect(
      db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName, Item: itemOf(300, { gsi1pk: "B", gsi1sk: "1" }) } },
            {
              Put: { TableName: tableName, Item: existing, ConditionExpression: "attribute_not_exists(pk)" },
            },
          ],
        }),
      ),
    ).rejects.toThrow();
    const counts = counted();
    expect(counts["work.wru"]).toBe(1 + 2);
    expect(counts["work.fail:TransactWriteItems"]).toBe(1);
    expect(counts["work.wru@index:gsi1"]).toBeUndefined();
  });

  it("bills a ConditionCheck in a committed transaction as a transactional write of the checked item", async () => {
    const checked = itemOf(1500);
    await db.send(new PutCommand({ TableName: tableName, Item: checked }));
    mark = proxy.tally.snapshot();
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: tableName,
              Key: { pk: checked.pk, sk: checked.sk },
              ConditionExpression: "attribute_exists(pk)",
            },
          },
          { Put: { TableName: tableName, Item: itemOf(100) } },
        ],
      }),
    );
    expect(counted()["work.wru"]).toBe(4 + 2);
  });
});

describe("the billing proxy, on reads", () => {
  const partition = `Q#${unique()}`;
  const big = itemOf(5000);

  beforeAll(async () => {
    await db.send(new PutCommand({ TableName: tableName, Item: big }));
    for (let i = 0; i < 3; i++) {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...itemOf(2000),
            pk: partition,
            sk: `S#${i}`,
            entity: "Thing",
            gsi2pk: partition,
            gsi2sk: `${i}`,
          },
        }),
      );
    }
  });

  it("bills GetItem per 4 KB of the whole item, half when eventually consistent, even with a projection", async () => {
    const key = { pk: big.pk, sk: big.sk };
    await db.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
    expect(counted()["work.rru"]).toBe(2);
    mark = proxy.tally.snapshot();
    await db.send(new GetCommand({ TableName: tableName, Key: key, ProjectionExpression: "pk" }));
    expect(counted()["work.rru"]).toBe(1);
    mark = proxy.tally.snapshot();
    await db.send(
      new GetCommand({ TableName: tableName, Key: { pk: "missing", sk: "S" }, ConsistentRead: true }),
    );
    expect(counted()["work.rru"]).toBe(1);
  });

  it("bills a Query on every item it read, before the filter, summed then rounded", async () => {
    await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: "pk = :pk",
        FilterExpression: "#entity = :none",
        ExpressionAttributeNames: { "#entity": "entity" },
        ExpressionAttributeValues: { ":pk": partition, ":none": "Nothing" },
        ConsistentRead: true,
      }),
    );
    const counts = counted();
    expect(counts["work.rru"]).toBe(2);
    expect(counts["work.items:Query"] ?? 0).toBe(0);
  });

  it("bills a KEYS_ONLY index query on its entries (keys + 100 bytes), eventually consistent", async () => {
    await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: "gsi2",
        KeyConditionExpression: "gsi2pk = :pk",
        ExpressionAttributeValues: { ":pk": partition },
      }),
    );
    expect(counted()["work.rru"]).toBe(0.5);
  });

  it("bills a filtered gsi6 query on every entry it read, its projected attribute included", async () => {
    const live = `WS#${unique()}#LIVE`;
    // 40 entries of about 235 bytes each (keys, a 60-byte status, 100 bytes of overhead): more than 8 KB
    // read, though the filter returns one entry.
    for (let i = 0; i < 40; i++) {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            pk: `${live}#${i}`,
            sk: "RUN",
            gsi6pk: live,
            gsi6sk: String(i).padStart(12, "0"),
            live: i === 0 ? "PAUSED" : `RUNNING${"x".repeat(53)}`,
          },
        }),
      );
    }
    mark = proxy.tally.snapshot();
    const { Items } = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: "gsi6",
        KeyConditionExpression: "gsi6pk = :pk",
        FilterExpression: "#live = :status",
        ExpressionAttributeNames: { "#live": "live" },
        ExpressionAttributeValues: { ":pk": live, ":status": "PAUSED" },
      }),
    );
    expect(Items).toHaveLength(1);
    expect(counted()["work.rru"]).toBe(1.5);
  });

  it("bills BatchGetItem per item, a missing one too, and TransactGetItems double", async () => {
    await db.send(
      new BatchGetCommand({
        RequestItems: {
          [tableName]: {
            Keys: [
              { pk: partition, sk: "S#0" },
              { pk: partition, sk: "S#1" },
              { pk: partition, sk: "missing" },
            ],
            ConsistentRead: true,
          },
        },
      }),
    );
    expect(counted()["work.rru"]).toBe(3);
    mark = proxy.tally.snapshot();
    await db.send(
      new TransactGetCommand({
        TransactItems: [{ Get: { TableName: tableName, Key: { pk: big.pk, sk: big.sk } } }],
      }),
    );
    expect(counted()["work.rru"]).toBe(4);
  });
});
