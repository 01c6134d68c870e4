import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { afterAll, inject } from "vitest";
import { createDocumentClient, createDynamoClient } from "../../core/adapters/dynamodb/table/dynamo-client";
import { type OpenAiFake, startOpenAiFake } from "../fakes/openai-server";
import { createTestApp, type TestApp } from "./test-app";

export interface LlmTestApp {
  t: TestApp;
  /** The fake OpenAI server the app's llm steps call. */
  openai: OpenAiFake;
  /** A client of the app's DynamoDB Local, to read and write items as the store keeps them. */
  documents: DynamoDBDocumentClient;
}

/** The test app with the fake OpenAI server as its provider (closed after the file), and its table's client. */
export async function createLlmTestApp(): Promise<LlmTestApp> {
  const openai = await startOpenAiFake();
  afterAll(() => openai.close());
  const t = await createTestApp({
    OPENAI_BASE_URL: openai.baseUrl,
    OPENAI_API_KEY: "sk-server-openai-000000000",
  });
  const endpoint = inject("dynamoEndpoint");
  return {
    t,
    openai,
    documents: createDocumentClient(createDynamoClient({ region: "us-east-1", endpoint })),
  };
}
