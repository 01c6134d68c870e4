import { randomBytes } from "node:crypto";
import type { APIGatewayProxyEventV2, APIGatewayProxyResult, Context } from "aws-lambda";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { ensureTable } from "../../core/adapters/dynamodb/table/create-table";
import { createDynamoClient } from "../../core/adapters/dynamodb/table/dynamo-client";
import { functionUrlEvent } from "./function-url-event";
import { installLambdaStreamingRuntime } from "./lambda-streaming-runtime";

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResult>;
let handler: Handler;

const context = { awsRequestId: "req-1", functionName: "weft-api" } as Context;
interface Body {
  success: boolean;
  data: { apiKey: { key: string }; workspaces: unknown[] };
  error: { code: string; message: string };
}
const json = (result: APIGatewayProxyResult) => JSON.parse(result.body) as Body;

beforeAll(async () => {
  const tableName = `lambda-${randomBytes(6).toString("hex")}`;
  await ensureTable(
    createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") }),
    tableName,
  );
  // The entry point reads its settings from the environment at load time, as it does on Lambda.
  Object.assign(process.env, {
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: inject("dynamoEndpoint"),
    AWS_REGION: "us-east-1",
    LOG_LEVEL: "silent",
    // What the infra gives the function; these requests create no run, so nothing is sent to them.
    STEP_QUEUE_URL: "https://sqs.us-east-1.amazonaws.com/123456789012/weft-steps",
    STEP_QUEUE_ARN: "arn:aws:sqs:us-east-1:123456789012:weft-steps",
    RUN_EVENT_QUEUE_URL: "https://sqs.us-east-1.amazonaws.com/123456789012/weft-run-events",
    SCHEDULE_GROUP: "weft",
    SCHEDULER_ROLE_ARN: "arn:aws:iam::123456789012:role/weft-scheduler",
    KMS_KEY_ID: "arn:aws:kms:us-east-1:123456789012:key/11111111-2222-3333-4444-555555555555",
  });
  installLambdaStreamingRuntime();
  ({ handler } = (await import("../../functions/api")) as unknown as { handler: Handler });
});

describe("functions/api (Lambda function URL)", () => {
  it("serves sign-up and an authenticated read when invoked with function URL events", async () => {
    const signup = await handler(
      functionUrlEvent("POST", "/v1/dashboard-auth/signup", {
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          email: "lambda@example.com",
          password: "long enough pw",
          workspaceName: "Lambda Co",
        }),
      }),
      context,
    );
    expect(signup.statusCode).toBe(201);
    const key = json(signup).data.apiKey.key;

    const current = await handler(
      functionUrlEvent("GET", "/v1/workspaces/current", { headers: { "x-api-key": key } }),
      context,
    );

    expect(current.statusCode).toBe(200);
    expect(json(current)).toMatchObject({ success: true, data: { slug: "lambda-co" } });
    expect(current.headers?.["content-type"]).toMatch(/application\/json/);
  });

  it("decodes a base64-encoded body when the event says it is encoded", async () => {
    const result = await handler(
      functionUrlEvent("POST", "/v1/dashboard-auth/login", {
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "lambda@example.com", password: "long enough pw" }),
        base64: true,
      }),
      context,
    );

    expect(result.statusCode).toBe(200);
    expect(json(result).data.workspaces).toHaveLength(1);
  });

  it("answers malformed JSON and unknown routes with 4xx envelopes, not 500", async () => {
    const malformed = await handler(
      functionUrlEvent("POST", "/v1/dashboard-auth/login", {
        headers: { "content-type": "application/json" },
        body: "{nope",
      }),
      context,
    );
    const unknown = await handler(functionUrlEvent("GET", "/nowhere?x=1"), context);

    expect(malformed.statusCode).toBe(400);
    expect(json(malformed)).toMatchObject({ success: false, error: { code: "VALIDATION_ERROR" } });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toMatchObject({ success: false, error: { code: "NOT_FOUND" } });
  });

  it("serves the OpenAPI document, the docs page and the renderer's files", async () => {
    const document = await handler(functionUrlEvent("GET", "/openapi.json"), context);
    const page = await handler(functionUrlEvent("GET", "/docs"), context);
    const again = await handler(functionUrlEvent("GET", "/docs"), context);

    expect(document.statusCode).toBe(200);
    expect(JSON.parse(document.body)).toMatchObject({ openapi: "3.1.0", info: { title: "Weft API" } });
    expect(page.statusCode).toBe(200);
    expect(page.headers?.["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain('id="swagger-ui"');
    expect(again.body).toBe(page.body);
    const style = await handler(functionUrlEvent("GET", "/docs/assets/swagger-ui.css"), context);
    expect(style.statusCode).toBe(200);
    expect(style.headers?.["content-type"]).toMatch(/^text\/css/);
  });

  it("answers a missing API key with 401 AUTH_ERROR", async () => {
    const result = await handler(functionUrlEvent("GET", "/v1/api-keys"), context);

    expect(result.statusCode).toBe(401);
    expect(json(result).error).toMatchObject({ code: "AUTH_ERROR", message: "Missing x-api-key header" });
  });
});
