import { randomBytes } from "node:crypto";
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { getItem } from "../../../core/adapters/dynamodb/table/consistent-get";
import { ensureTable } from "../../../core/adapters/dynamodb/table/create-table";
import {
  createDocumentClient,
  createDynamoClient,
  type Table,
} from "../../../core/adapters/dynamodb/table/dynamo-client";
import { countedTable } from "../../helpers/counted-table";

describe("getItem: consistent reads asked together go as one BatchGetItem (DynamoDB Local)", () => {
  let table: Table;
  const key = (id: string) => ({ pk: `T#${id}`, sk: "ITEM" });
  const put = (id: string, extra: Record<string, unknown> = {}) =>
    table.client.send(new PutCommand({ TableName: table.name, Item: { ...key(id), id, ...extra } }));

  beforeAll(async () => {
    const dynamo = createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") });
    const name = `test-${randomBytes(6).toString("hex")}`;
    await ensureTable(dynamo, name);
    table = { client: createDocumentClient(dynamo), name };
    await Promise.all(["a", "b", "c"].map((id) => put(id)));
  });

  it("answers each read with its own item, a missing one with nothing, in one request", async () => {
    const counted = countedTable(table);
    const [a, missing, b, c] = await Promise.all(
      ["a", "none", "b", "c"].map((id) => getItem(counted.table, key(id))),
    );
    expect([a?.id, missing, b?.id, c?.id]).toEqual(["a", undefined, "b", "c"]);
    expect(counted.sent).toEqual(["BatchGetCommand"]);
  });

  it("reads one item asked twice once, and gives each reader a copy of its own", async () => {
    const counted = countedTable(table);
    const [first, second] = await Promise.all([
      getItem(counted.table, key("a")),
      getItem(counted.table, key("a")),
    ]);
    expect(first).toEqual(second);
    expect(first).not.toBe(second);
    expect(counted.sent).toEqual(["GetCommand"]);
  });

  it("sees a write that succeeded before the read was asked", async () => {
    await put("b", { version: 2 });
    const [b] = await Promise.all([getItem(table, key("b")), getItem(table, key("c"))]);
    expect(b?.version).toBe(2);
  });

  it("retries the keys DynamoDB leaves unprocessed until every item is read", async () => {
    // A BatchGetItem answers at most 16 MB; 50 items of 350 KB leave some for another round.
    const big = "x".repeat(350 * 1024);
    const ids = Array.from({ length: 50 }, (_, i) => `big${i}`);
    for (const id of ids) await put(id, { big });
    const counted = countedTable(table);

    const items = await Promise.all(ids.map((id) => getItem(counted.table, key(id))));

    expect(items.map((item) => item?.id)).toEqual(ids);
    expect(items.every((item) => item?.big === big)).toBe(true);
    expect(counted.sent.length).toBeGreaterThan(1);
    expect(new Set(counted.sent)).toEqual(new Set(["BatchGetCommand"]));
  });

  it("fails only the read of a key DynamoDB refuses, not the others asked with it", async () => {
    const tooLong = { pk: "x".repeat(3000), sk: "ITEM" };
    const [a, refused] = await Promise.allSettled([getItem(table, key("a")), getItem(table, tooLong)]);
    expect(a.status === "fulfilled" && a.value?.id).toBe("a");
    expect(refused.status).toBe("rejected");
  });
});
