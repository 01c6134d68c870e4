import { PutCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { itemOf, useBillingProxy } from "./billing-proxy-harness";

/** The billing proxy's writes: each billed as DynamoDB bills it, whatever DynamoDB Local reports. */
const bill = useBillingProxy();

describe("the billing proxy, on writes", () => {
  it("bills a 2-item transaction of 1.3 and 1.9 KB items 8 WRU, where DynamoDB Local reports less", async () => {
    await bill.db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: bill.tableName, Item: itemOf(1331) } },
          { Put: { TableName: bill.tableName, Item: itemOf(1946) } },
        ],
      }),
    );
    const counts = bill.counted();
    expect(counts["work.wru"]).toBe(8);
    expect(counts["work.local.wru"]).toBeLessThan(8);
    expect(bill.commits[0]?.writes.map((write) => [write.before, write.after !== undefined])).toEqual([
      [undefined, true],
      [undefined, true],
    ]);
  });

  it("bills an update the larger of the item before and after, and no index write when no index key changes", async () => {
    const item = itemOf(2100, { gsi1pk: "LIST", gsi1sk: "0001" });
    await bill.db.send(new PutCommand({ TableName: bill.tableName, Item: item }));
    bill.countFromHere();
    await bill.db.send(
      new UpdateCommand({
        TableName: bill.tableName,
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: "SET filler = :small",
        ExpressionAttributeValues: { ":small": "x" },
      }),
    );
    const counts = bill.counted();
    expect(counts["work.wru"]).toBe(3);
    expect(counts["work.wru@index:gsi1"]).toBeUndefined();
  });

  it("bills an index key change as a delete and a put in the index, 1 WRU each", async () => {
    const item = itemOf(500, { gsi3pk: "STATUS#RUNNING", gsi3sk: "0001" });
    await bill.db.send(new PutCommand({ TableName: bill.tableName, Item: item }));
    expect(bill.counted()["work.wru"]).toBe(2);
    bill.countFromHere();
    await bill.db.send(
      new UpdateCommand({
        TableName: bill.tableName,
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: "SET gsi3pk = :done",
        ExpressionAttributeValues: { ":done": "STATUS#COMPLETED" },
      }),
    );
    const counts = bill.counted();
    expect(counts["work.wru"]).toBe(3);
    expect(counts["work.wru@index:gsi3"]).toBe(2);
    expect([counts["work.idx.delete"], counts["work.idx.put"]]).toEqual([1, 1]);
  });

  it("bills a change of gsi6's projected live status as one index write, not a delete and a put", async () => {
    const item = itemOf(500, { gsi6pk: "WS#w#LIVE", gsi6sk: "000000000001", live: "RUNNING" });
    await bill.db.send(new PutCommand({ TableName: bill.tableName, Item: item }));
    expect(bill.counted()["work.wru@index:gsi6"]).toBe(1);
    bill.countFromHere();
    await bill.db.send(new PutCommand({ TableName: bill.tableName, Item: { ...item, live: "PAUSED" } }));
    const counts = bill.counted();
    expect(counts["work.wru"]).toBe(2);
    expect(counts["work.wru@index:gsi6"]).toBe(1);
    expect(counts["work.idx.update"]).toBe(1);
    expect([counts["work.idx.delete"], counts["work.idx.put"]]).toEqual([undefined, undefined]);
  });

  it("bills a failed conditional put by the larger of the existing and the attempted item", async () => {
    const item = itemOf(2500);
    await bill.db.send(new PutCommand({ TableName: bill.tableName, Item: item }));
    bill.countFromHere();
    bill.commits.length = 0;
    await expect(
      bill.db.send(
        new PutCommand({
          TableName: bill.tableName,
          Item: { ...item, filler: "x" },
          ConditionExpression: "attribute_not_exists(pk)",
        }),
      ),
    ).rejects.toThrow();
    const counts = bill.counted();
    expect(counts["work.wru"]).toBe(3);
    expect(counts["work.fail:PutItem"]).toBe(1);
    expect(bill.commits).toEqual([]);
  });

  it("bills a failed conditional update by the item it would have made, found by replaying it", async () => {
    const item = itemOf(400, { version: 1 });
    await bill.db.send(new PutCommand({ TableName: bill.tableName, Item: item }));
    bill.countFromHere();
    await expect(
      bill.db.send(
        new UpdateCommand({
          TableName: bill.tableName,
          Key: { pk: item.pk, sk: item.sk },
          UpdateExpression: "SET filler = :big, version = :next",
          ConditionExpression: "version = :expected",
          ExpressionAttributeValues: { ":big": "y".repeat(2200), ":next": 3, ":expected": 2 },
        }),
      ),
    ).rejects.toThrow();
    expect(bill.counted()["work.wru"]).toBe(3);
  });

  it("bills a cancelled transaction once per item (the prepare writes), nothing to the indexes", async () => {
    const existing = itemOf(1500, { gsi1pk: "A", gsi1sk: "1" });
    await bill.db.send(new PutCommand({ TableName: bill.tableName, Item: existing }));
    bill.countFromHere();
    await expect(
      bill.db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: bill.tableName, Item: itemOf(300, { gsi1pk: "B", gsi1sk: "1" }) } },
            {
              Put: {
                TableName: bill.tableName,
                Item: existing,
                ConditionExpression: "attribute_not_exists(pk)",
              },
            },
          ],
        }),
      ),
    ).rejects.toThrow();
    const counts = bill.counted();
    expect(counts["work.wru"]).toBe(1 + 2);
    expect(counts["work.fail:TransactWriteItems"]).toBe(1);
    expect(counts["work.wru@index:gsi1"]).toBeUndefined();
  });

  it("bills a ConditionCheck in a committed transaction as a transactional write of the checked item", async () => {
    const checked = itemOf(1500);
    await bill.db.send(new PutCommand({ TableName: bill.tableName, Item: checked }));
    bill.countFromHere();
    await bill.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: bill.tableName,
              Key: { pk: checked.pk, sk: checked.sk },
              ConditionExpression: "attribute_exists(pk)",
            },
          },
          { Put: { TableName: bill.tableName, Item: itemOf(100) } },
        ],
      }),
    );
    expect(bill.counted()["work.wru"]).toBe(4 + 2);
  });
});
