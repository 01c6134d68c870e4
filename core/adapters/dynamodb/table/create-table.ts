import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DescribeTableCommand,
  type DynamoDBClient,
  type GlobalSecondaryIndex,
  type Projection,
  ResourceInUseException,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from "@aws-sdk/client-dynamodb";
import { type IndexProjection, tableDefinition } from "./table";

type IndexDefinition = (typeof tableDefinition.indexes)[number];

/** The CreateTable request for the single table; pure, so infra and tests can check it without DynamoDB. */
export function createTableInput(tableName: string): CreateTableCommandInput {
  const { keys, indexes } = tableDefinition;
  const attributeNames = [
    keys.partition,
    keys.sort,
    ...indexes.flatMap((index) => [index.partition, index.sort]),
  ];
  return {
    TableName: tableName,
    BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: attributeNames.map((name) => ({ AttributeName: name, AttributeType: "S" })),
    KeySchema: [
      { AttributeName: keys.partition, KeyType: "HASH" },
      { AttributeName: keys.sort, KeyType: "RANGE" },
    ],
    GlobalSecondaryIndexes: indexes.map(globalSecondaryIndex),
  };
}

function globalSecondaryIndex(index: IndexDefinition): GlobalSecondaryIndex {
  return {
    IndexName: index.name,
    KeySchema: [
      { AttributeName: index.partition, KeyType: "HASH" },
      { AttributeName: index.sort, KeyType: "RANGE" },
    ],
    Projection: projection(index.projection),
  };
}

function projection(of: IndexProjection): Projection {
  return of.type === "INCLUDE"
    ? { ProjectionType: "INCLUDE", NonKeyAttributes: [...of.attributes] }
    : { ProjectionType: "KEYS_ONLY" };
}

/**
 * Creates the table when it is missing and waits until it answers. An existing table (a local data directory
 * from before an index was added) gets the indexes it lacks, one at a time as DynamoDB requires, each waited
 * for until it is ACTIVE; otherwise it is left as it is.
 */
export async function ensureTable(
  client: DynamoDBClient,
  tableName: string,
): Promise<"created" | "existing"> {
  const existing = await client.send(new DescribeTableCommand({ TableName: tableName })).catch((error) => {
    if (error instanceof ResourceNotFoundException) return undefined;
    throw error;
  });
  if (existing) {
    const present = new Set((existing.Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
    for (const index of tableDefinition.indexes) {
      if (!present.has(index.name)) await addIndex(client, tableName, index);
    }
    return "existing";
  }
  try {
    await client.send(new CreateTableCommand(createTableInput(tableName)));
  } catch (error) {
    // Another process (a second local service on the same DynamoDB) is creating it; it also sets the TTL.
    if (!(error instanceof ResourceInUseException)) throw error;
    await waitUntilTableExists(
      { client, maxWaitTime: 60, minDelay: 1, maxDelay: 2 },
      { TableName: tableName },
    );
    return "existing";
  }
  await waitUntilTableExists({ client, maxWaitTime: 60, minDelay: 1, maxDelay: 2 }, { TableName: tableName });
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
    }),
  );
  return "created";
}

const INDEX_WAIT_MS = 120_000;

/**
 * Adds one index and waits until it is ACTIVE. Another process on the same DynamoDB may be adding it too, or
 * the table may be busy with another index: then the request is refused, and the loop waits and looks again.
 */
async function addIndex(client: DynamoDBClient, tableName: string, index: IndexDefinition): Promise<void> {
  const deadline = Date.now() + INDEX_WAIT_MS;
  for (;;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const status = Table?.GlobalSecondaryIndexes?.find(
      (found) => found.IndexName === index.name,
    )?.IndexStatus;
    if (status === "ACTIVE") return;
    if (Date.now() > deadline)
      throw new Error(`index ${index.name} of ${tableName} is not active (${status})`);
    if (status === undefined) await requestIndex(client, tableName, index);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function requestIndex(
  client: DynamoDBClient,
  tableName: string,
  index: IndexDefinition,
): Promise<void> {
  try {
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [index.partition, index.sort].map((name) => ({
          AttributeName: name,
          AttributeType: "S",
        })),
        GlobalSecondaryIndexUpdates: [{ Create: globalSecondaryIndex(index) }],
      }),
    );
  } catch (error) {
    if (!(error instanceof ResourceInUseException) && !/already exists/i.test(String(error))) throw error;
  }
}
