import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CreateTableCommand, DescribeTableCommand, type DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createTableInput, ensureTable } from "../../../core/adapters/dynamodb/table/create-table";
import { createDynamoClient } from "../../../core/adapters/dynamodb/table/dynamo-client";
import { startDynamoDbLocal } from "../../../core/adapters/local/dynamodb-local";

const ALL_INDEXES = ["gsi1", "gsi2", "gsi3", "gsi4", "gsi5", "gsi6"];

async function indexesOf(dynamo: DynamoDBClient, name: string) {
  const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: name }));
  return (Table?.GlobalSecondaryIndexes ?? [])
    .map((index) => ({ name: index.IndexName, status: index.IndexStatus, projection: index.Projection }))
    .sort((a, b) => String(a.name).localeCompare(String(b.name)));
}

describe("ensureTable", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "weft-ensure-table-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /**
   * As `npm start` does across an upgrade: a data directory whose table was created before gsi6, opened by a
   * DynamoDB Local of its own (the suite's shared one leaves an index CREATING while other files create
   * tables, which the local service, alone at start-up, never sees).
   */
  it("adds the indexes a persisted table from before gsi6 lacks, and waits until they are active", async () => {
    const full = createTableInput("weft");
    const before = await startDynamoDbLocal({ dataDir });
    const old = createDynamoClient({ region: "us-east-1", endpoint: before.endpoint });
    await old.send(
      new CreateTableCommand({
        ...full,
        GlobalSecondaryIndexes: full.GlobalSecondaryIndexes?.filter((index) => index.IndexName !== "gsi6"),
        AttributeDefinitions: full.AttributeDefinitions?.filter(
          (attribute) => !attribute.AttributeName?.startsWith("gsi6"),
        ),
      }),
    );
    old.destroy();
    await before.stop();

    const after = await startDynamoDbLocal({ dataDir });
    const dynamo = createDynamoClient({ region: "us-east-1", endpoint: after.endpoint });
    try {
      expect((await indexesOf(dynamo, "weft")).map((index) => index.name)).toEqual(ALL_INDEXES.slice(0, 5));

      expect(await ensureTable(dynamo, "weft")).toBe("existing");

      const indexes = await indexesOf(dynamo, "weft");
      expect(indexes.map((index) => index.name)).toEqual(ALL_INDEXES);
      expect(indexes.every((index) => index.status === "ACTIVE")).toBe(true);
      expect(indexes.at(-1)?.projection).toEqual({
        ProjectionType: "INCLUDE",
        NonKeyAttributes: ["live"],
      });
    } finally {
      dynamo.destroy();
      await after.stop();
    }
  }, 120_000);

  it("creates a missing table with every index, and leaves a complete one as it is", async () => {
    const dynamo = createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") });
    const name = `test-${Date.now().toString(36)}-ensure`;

    expect(await ensureTable(dynamo, name)).toBe("created");
    expect(await ensureTable(dynamo, name)).toBe("existing");
    expect((await indexesOf(dynamo, name)).map((index) => index.name)).toEqual(ALL_INDEXES);
  });
});
