import { randomBytes } from "node:crypto";
import { PutCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { ensureTable } from "../../../core/adapters/dynamodb/table/create-table";
import {
  createDocumentClient,
  createDynamoClient,
  type Table,
} from "../../../core/adapters/dynamodb/table/dynamo-client";
import { DYNAMODB_BOUNDS, itemSizeBytes } from "../../../core/adapters/dynamodb/table/item-size";
import { transactWrite } from "../../../core/adapters/dynamodb/table/write-conflict";

describe("itemSizeBytes, as DynamoDB counts an item", () => {
  it("counts names and strings in UTF-8 bytes", () => {
    expect(itemSizeBytes({ pk: "abc" })).toBe(5);
    expect(itemSizeBytes({ é: "€" })).toBe(2 + 3);
  });

  it("counts numbers by significant digits, booleans and nulls as one byte", () => {
    expect(itemSizeBytes({ n: 1 })).toBe(1 + 2);
    expect(itemSizeBytes({ n: 123_456 })).toBe(1 + 4);
    expect(itemSizeBytes({ n: 1_000_000 })).toBe(1 + 2);
    expect(itemSizeBytes({ b: true, z: null })).toBe(2 + 2);
  });

  it("adds 3 bytes per list or map and 1 per element", () => {
    expect(itemSizeBytes({ l: ["ab", "c"] })).toBe(1 + 3 + (1 + 2) + (1 + 1));
    expect(itemSizeBytes({ m: { k: "v" } })).toBe(1 + 3 + (1 + 1 + 1));
  });

  it("leaves out attributes that are not written", () => {
    expect(itemSizeBytes({ a: "x", gone: undefined })).toBe(2);
  });
});

describe("transactWrite and DynamoDB's item bound", () => {
  let table: Table;

  beforeAll(async () => {
    const client = createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") });
    const name = `test-${randomBytes(6).toString("hex")}`;
    await ensureTable(client, name);
    table = { client: createDocumentClient(client), name };
  });

  /** An item of exactly `bytes` as counted, padded in one string attribute. */
  function itemOf(bytes: number): Record<string, unknown> {
    const base = { pk: `P#${randomBytes(4).toString("hex")}`, sk: "S", pad: "" };
    return { ...base, pad: "x".repeat(bytes - itemSizeBytes(base)) };
  }

  it("writes an item at the bound, which DynamoDB takes", async () => {
    const item = itemOf(DYNAMODB_BOUNDS.itemBytes);
    await transactWrite(table, [{ Put: { TableName: table.name, Item: item } }]);
  });

  it("refuses an item one byte past the bound with ITEM_TOO_LARGE, without sending it", async () => {
    const item = itemOf(DYNAMODB_BOUNDS.itemBytes + 1);
    let sent = false;
    const spy = {
      ...table,
      client: {
        send: () => {
          sent = true;
        },
      },
    } as unknown as Table;
    await expect(transactWrite(spy, [{ Put: { TableName: table.name, Item: item } }])).rejects.toMatchObject({
      name: "BoundExceeded",
      code: "ITEM_TOO_LARGE",
    });
    expect(sent).toBe(false);
  });

  it("refuses a transaction of more actions, or more bytes, than DynamoDB takes, without sending it", async () => {
    let sent = false;
    const send = () => {
      sent = true;
    };
    const spy = { ...table, client: { send } } as unknown as Table;
    const puts = (count: number, bytes: number) =>
      Array.from({ length: count }, () => ({ Put: { TableName: table.name, Item: itemOf(bytes) } }));

    await expect(transactWrite(spy, puts(DYNAMODB_BOUNDS.transactionActions + 1, 100))).rejects.toMatchObject(
      {
        name: "BoundExceeded",
        code: "TOO_MANY_ITEMS",
      },
    );
    const heavy = Math.ceil(DYNAMODB_BOUNDS.transactionBytes / DYNAMODB_BOUNDS.itemBytes) + 1;
    await expect(transactWrite(spy, puts(heavy, DYNAMODB_BOUNDS.itemBytes - 10))).rejects.toMatchObject({
      name: "BoundExceeded",
      code: "ITEM_TOO_LARGE",
    });
    expect(sent).toBe(false);
    // At the bound, DynamoDB takes it; past it, DynamoDB itself refuses it.
    await transactWrite(table, puts(DYNAMODB_BOUNDS.transactionActions, 100));
    await expect(
      table.client.send(
        new TransactWriteCommand({ TransactItems: puts(DYNAMODB_BOUNDS.transactionActions + 1, 100) }),
      ),
    ).rejects.toThrow(/100/);
  });

  it("is the bound DynamoDB itself enforces", async () => {
    const item = itemOf(DYNAMODB_BOUNDS.itemBytes + 1024);
    await expect(table.client.send(new PutCommand({ TableName: table.name, Item: item }))).rejects.toThrow(
      /size/i,
    );
  });
});
