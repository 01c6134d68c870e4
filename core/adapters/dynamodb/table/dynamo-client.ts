import { DynamoDBClient, type DynamoDBClientConfig } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

/** The table a store works on: one document client and the table's name, passed to every repository. */
export interface Table {
  client: DynamoDBDocumentClient;
  name: string;
}

export interface DynamoConnection {
  region: string;
  /** Unset in AWS (the SDK's regional default); DynamoDB Local or LocalStack otherwise. */
  endpoint?: string | undefined;
}

export function createDynamoClient(connection: DynamoConnection): DynamoDBClient {
  const config: DynamoDBClientConfig = { region: connection.region };
  if (connection.endpoint) {
    config.endpoint = connection.endpoint;
    // DynamoDB Local accepts any credentials; fixed ones keep a developer's real AWS profile out of it.
    config.credentials = { accessKeyId: "local", secretAccessKey: "local" };
  }
  return new DynamoDBClient(config);
}

export function createDocumentClient(client: DynamoDBClient): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}
