import {
  BatchGetCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactGetCommand,
} from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { itemOf, unique, useBillingProxy } from "./billing-proxy-harness";

/** The billing proxy's reads: each billed as DynamoDB bills it, whatever DynamoDB Local reports. */
const bill = useBillingProxy();

describe("the billing proxy, on reads", () => {
  const partition = `Q#${unique()}`;
  const big = itemOf(5000);

  beforeAll(async () => {
    await bill.db.send(new PutCommand({ TableName: bill.tableName, Item: big }));
    for (let i = 0; i < 3; i++) {
      await bill.db.send(
        new PutCommand({
          TableName: bill.tableName,
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
    await bill.db.send(new GetCommand({ TableName: bill.tableName, Key: key, ConsistentRead: true }));
    expect(bill.counted()["work.rru"]).toBe(2);
    bill.countFromHere();
    await bill.db.send(new GetCommand({ TableName: bill.tableName, Key: key, ProjectionExpression: "pk" }));
    expect(bill.counted()["work.rru"]).toBe(1);
    bill.countFromHere();
    await bill.db.send(
      new GetCommand({ TableName: bill.tableName, Key: { pk: "missing", sk: "S" }, ConsistentRead: true }),
    );
    expect(bill.counted()["work.rru"]).toBe(1);
  });

  it("bills a Query on every item it read, before the filter, summed then rounded", async () => {
    await bill.db.send(
      new QueryCommand({
        TableName: bill.tableName,
        KeyConditionExpression: "pk = :pk",
        FilterExpression: "#entity = :none",
        ExpressionAttributeNames: { "#entity": "entity" },
        ExpressionAttributeValues: { ":pk": partition, ":none": "Nothing" },
        ConsistentRead: true,
      }),
    );
    const counts = bill.counted();
    expect(counts["work.rru"]).toBe(2);
    expect(counts["work.items:Query"] ?? 0).toBe(0);
  });

  it("bills a KEYS_ONLY index query on its entries (keys + 100 bytes), eventually consistent", async () => {
    await bill.db.send(
      new QueryCommand({
        TableName: bill.tableName,
        IndexName: "gsi2",
        KeyConditionExpression: "gsi2pk = :pk",
        ExpressionAttributeValues: { ":pk": partition },
      }),
    );
    expect(bill.counted()["work.rru"]).toBe(0.5);
  });

  it("bills a filtered gsi6 query on every entry it read, its projected attribute included", async () => {
    const live = `WS#${unique()}#LIVE`;
    // 40 entries of about 235 bytes each (keys, a 60-byte status, 100 bytes of overhead): more than 8 KB
    // read, though the filter returns one entry.
    for (let i = 0; i < 40; i++) {
      await bill.db.send(
        new PutCommand({
          TableName: bill.tableName,
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
    bill.countFromHere();
    const { Items } = await bill.db.send(
      new QueryCommand({
        TableName: bill.tableName,
        IndexName: "gsi6",
        KeyConditionExpression: "gsi6pk = :pk",
        FilterExpression: "#live = :status",
        ExpressionAttributeNames: { "#live": "live" },
        ExpressionAttributeValues: { ":pk": live, ":status": "PAUSED" },
      }),
    );
    expect(Items).toHaveLength(1);
    expect(bill.counted()["work.rru"]).toBe(1.5);
  });

  it("bills BatchGetItem per item, a missing one too, and TransactGetItems double", async () => {
    await bill.db.send(
      new BatchGetCommand({
        RequestItems: {
          [bill.tableName]: {
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
    expect(bill.counted()["work.rru"]).toBe(3);
    bill.countFromHere();
    await bill.db.send(
      new TransactGetCommand({
        TransactItems: [{ Get: { TableName: bill.tableName, Key: { pk: big.pk, sk: big.sk } } }],
      }),
    );
    expect(bill.counted()["work.rru"]).toBe(4);
  });
});
