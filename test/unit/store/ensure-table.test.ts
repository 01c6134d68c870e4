import { randomBytes } from "node:crypto";
import { CreateTableCommand, DescribeTableCommand, type DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createTableInput, ensureTable } from "../../../core/adapters/dynamodb/create-table";
import { createDynamoClient } from "../../../core/adapters/dynamodb/dynamo-client";

const tableName = () => `test-${randomBytes(6).toString("hex")}`;

async function indexesOf(dynamo: DynamoDBClient, name: string) {
  const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: name }));
  return (Table?.GlobalSecondaryIndexes ?? []).map((index) => ({
    name: index.IndexName,
    status: index.IndexStatus,
    projection: index.Projection,
  }));
}

describe("ensureTable on DynamoDB Local", () => {
  let dynamo: DynamoDBClient;

  beforeAll(() => {
    dynamo = createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") });
  });

  it("adds the indexes an existing table lacks (a data directory from before gsi6), and waits until they are active", async () => {
    const name = tableName();
    const full = createTableInput(name);
    await dynamo.send(
      new CreateTableCommand({
        ...full,
        GlobalSecondaryIndexes: full.GlobalSecondaryIndexes?.filter((index) => index.IndexName !== "gsi6"),
        AttributeDefinitions: full.AttributeDefinitions?.filter(
          (attribute) => !attribute.AttributeName?.startsWith("gsi6"),
        ),
      }),
    );

    expect(await ensureTable(dynamo, name)).toBe("existing");

    const indexes = await indexesOf(dynamo, name);
    expect(indexes.map((index) => index.name).sort()).toEqual([
      "gsi1",
      "gsi2",
      "gsi3",
      "gsi4",
      "gsi5",
      "gsi6",
    ]);
    expect(indexes.find((index) => index.name === "gsi6")).toMatchObject({
      status: "ACTIVE",
      projection: { ProjectionType: "INCLUDE", NonKeyAttributes: ["liveStatus"] },
    });
  });

  it("creates a missing table with every index, and leaves a complete one as it is", async () => {
    const name = tableName();

    expect(await ensureTable(dynamo, name)).toBe("created");
    expect(await ensureTable(dynamo, name)).toBe("existing");
    expect((await indexesOf(dynamo, name)).map((index) => index.name).sort()).toEqual([
      "gsi1",
      "gsi2",
      "gsi3",
      "gsi4",
      "gsi5",
      "gsi6",
    ]);
  });
});
