import type { TestProject } from "vitest/node";
import { type DynamoDbLocal, startDynamoDbLocal } from "../../core/adapters/local/dynamodb-local";

declare module "vitest" {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

let dynamo: DynamoDbLocal | undefined;

/** One in-memory DynamoDB Local for the whole run (or DYNAMODB_ENDPOINT's); each test file makes its own table. */
export async function setup(project: TestProject): Promise<void> {
  const external = process.env.DYNAMODB_ENDPOINT;
  if (!external) dynamo = await startDynamoDbLocal({});
  project.provide("dynamoEndpoint", external ?? dynamo?.endpoint ?? "");
}

export async function teardown(): Promise<void> {
  await dynamo?.stop();
}
