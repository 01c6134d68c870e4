import { describe, expect, it } from "vitest";
import { createTableInput } from "../../../core/adapters/dynamodb/table/create-table";
import { keys } from "../../../core/adapters/dynamodb/table/keys";

describe("createTableInput", () => {
  it("declares pk/sk, five KEYS_ONLY string-keyed GSIs and gsi6 projecting the live status, on demand", () => {
    const input = createTableInput("weft");

    expect(input.BillingMode).toBe("PAY_PER_REQUEST");
    expect(input.KeySchema).toEqual([
      { AttributeName: "pk", KeyType: "HASH" },
      { AttributeName: "sk", KeyType: "RANGE" },
    ]);
    expect(input.GlobalSecondaryIndexes?.map((index) => index.IndexName)).toEqual([
      "gsi1",
      "gsi2",
      "gsi3",
      "gsi4",
      "gsi5",
      "gsi6",
    ]);
    expect(input.GlobalSecondaryIndexes?.map((index) => index.Projection)).toEqual([
      ...Array.from({ length: 5 }, () => ({ ProjectionType: "KEYS_ONLY" })),
      { ProjectionType: "INCLUDE", NonKeyAttributes: ["live"] },
    ]);
    expect(input.AttributeDefinitions?.every((attribute) => attribute.AttributeType === "S")).toBe(true);
  });
});

describe("keys", () => {
  it("puts the workspace in the partition key of every workspace-owned item", () => {
    expect(keys.apiKey("wsp_a", "key_1").pk).toBe("WS#wsp_a");
    expect(keys.definition("wsp_a", "def_1")).toEqual({ pk: "WS#wsp_a", sk: "DEF#def_1" });
    expect(keys.workspace("wsp_a").pk).toBe(keys.workspacePartition("wsp_a"));
  });

  it("keeps lookup items that have no workspace apart from workspace partitions", () => {
    const lookups = [
      keys.apiKeyHash("abc"),
      keys.workspaceSlug("acme"),
      keys.accountEmail("a@b.c"),
      keys.session("h"),
    ];

    expect(lookups.every((key) => !key.pk.startsWith("WS#"))).toBe(true);
    expect(new Set(lookups.map((key) => key.pk.split("#")[0])).size).toBe(lookups.length);
  });
});
