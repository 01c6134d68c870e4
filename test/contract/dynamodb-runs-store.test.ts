import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { createStore } from "../../core/adapters/dynamodb/store";
import { ensureTable } from "../../core/adapters/dynamodb/table/create-table";
import { createDocumentClient, createDynamoClient } from "../../core/adapters/dynamodb/table/dynamo-client";
import { describeRunsStoreContract } from "./runs-store.contract";

const dynamo = createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") });

// A table per test: the sweep index is not per workspace, so tests sharing a table would see each other's runs.
describeRunsStoreContract("DynamoDB", async () => {
  const name = `test-${randomBytes(6).toString("hex")}`;
  await ensureTable(dynamo, name);
  return createStore({ client: createDocumentClient(dynamo), name });
});
