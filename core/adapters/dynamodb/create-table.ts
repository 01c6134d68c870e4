import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceInUseException,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from "@aws-sdk/client-dynamodb";
import { tableDefinition } from "./table";

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
    GlobalSecondaryIndexes: indexes.map((index) => ({
      IndexName: index.name,
      KeySchema: [
        { AttributeName: index.partition, KeyType: "HASH" },
        { AttributeName: index.sort, KeyType: "RANGE" },
      ],
      Projection: { ProjectionType: "KEYS_ONLY" },
    })),
  };
}

/** Creates the table when it is missing and waits until it answers; a no-op for an existing table. */
export async function ensureTable(
  client: DynamoDBClient,
  tableName: string,
): Promise<"created" | "existing"> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return "existing";
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
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
