import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { APIGatewayProxyResult } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { bundleEntry, REPO_ROOT } from "../../bench/lib/lambda-bundle";
import { ensureTable } from "../../core/adapters/dynamodb/create-table";
import { createDynamoClient } from "../../core/adapters/dynamodb/dynamo-client";
import { functionUrlEvent } from "./function-url-event";
import { installLambdaStreamingRuntime } from "./lambda-streaming-runtime";

/**
 * The deployed artifacts themselves: each entry bundled as `sst deploy` bundles it (code split into
 * chunks, bench/lib/lambda-bundle.ts), its handler imported and invoked in a fresh Node process as the
 * Lambda runtime does, so a chunk that fails to load on a rare path shows here, not in production.
 */
let outRoot: string;
let env: Record<string, string>;

beforeAll(async () => {
  outRoot = mkdtempSync(join(tmpdir(), "weft-lambda-bundles-"));
  const tableName = `bundles-${randomBytes(6).toString("hex")}`;
  await ensureTable(
    createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") }),
    tableName,
  );
  env = {
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: inject("dynamoEndpoint"),
    AWS_REGION: "us-east-1",
    LOG_LEVEL: "silent",
    // What the infra gives every function; nothing here sends to them.
    STEP_QUEUE_URL: "https://sqs.us-east-1.amazonaws.com/123456789012/weft-steps",
    STEP_QUEUE_ARN: "arn:aws:sqs:us-east-1:123456789012:weft-steps",
    WEBHOOK_QUEUE_URL: "https://sqs.us-east-1.amazonaws.com/123456789012/weft-webhooks",
    SCHEDULE_GROUP: "weft",
    SCHEDULER_ROLE_ARN: "arn:aws:iam::123456789012:role/weft-scheduler",
    KMS_KEY_ID: "arn:aws:kms:us-east-1:123456789012:key/11111111-2222-3333-4444-555555555555",
  };
});

afterAll(() => rmSync(outRoot, { recursive: true, force: true }));

/** Bundles `entry`, then hands each event to its handler in one fresh Node process; the results in order. */
async function invokeBundle(entry: string, events: unknown[]): Promise<unknown[]> {
  const dir = join(outRoot, entry);
  mkdirSync(dir);
  const { file } = await bundleEntry(join(REPO_ROOT, "functions", `${entry}.ts`), dir);
  const script = [
    // The API's URL streams: the runtime's awslambda global, as the tests' stand-in provides it.
    'const { Writable } = await import("node:stream");',
    `(${installLambdaStreamingRuntime.toString()})(Writable);`,
    `const { handler } = await import(${JSON.stringify(pathToFileURL(file).href)});`,
    "const results = [];",
    `for (const event of JSON.parse(process.env.EVENTS)) results.push(await handler(event, { awsRequestId: "req-1" }));`,
    "process.stdout.write(JSON.stringify(results));",
  ].join("\n");
  const child = spawnSync(process.execPath, ["--no-warnings", "--input-type=module", "-e", script], {
    env: { PATH: process.env.PATH ?? "", ...env, EVENTS: JSON.stringify(events) },
    encoding: "utf8",
    // /openapi.json alone, JSON-encoded again as the response's body, is past spawnSync's 1 MiB default.
    maxBuffer: 32 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`${entry} failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as unknown[];
}

// Each test starts a fresh Node that loads a whole bundle: seconds when idle, past 30 s on a loaded machine.
describe("the bundled Lambda handlers", { timeout: 120_000 }, () => {
  it("api: answers /openapi.json, and /docs from its lazily loaded chunk", async () => {
    const [document, page, missing] = (await invokeBundle("api", [
      functionUrlEvent("GET", "/openapi.json"),
      functionUrlEvent("GET", "/docs"),
      functionUrlEvent("GET", "/nowhere"),
    ])) as APIGatewayProxyResult[];

    expect(document?.statusCode).toBe(200);
    expect(JSON.parse(document?.body ?? "")).toMatchObject({ openapi: "3.1.0" });
    expect(page?.statusCode).toBe(200);
    expect(page?.body).toContain("/v1/workflow-runs");
    expect(missing?.statusCode).toBe(404);
    expect(JSON.parse(missing?.body ?? "")).toMatchObject({ success: false, error: { code: "NOT_FOUND" } });
  });

  it("sweeper: sweeps the table through the bundled AWS SDK, finding nothing overdue", async () => {
    const [swept] = await invokeBundle("sweeper", [{}]);

    expect(swept).toEqual({ rung: 0, webhooks: 0 });
  });

  it("worker and webhooks: answer an empty SQS batch with no failures", async () => {
    const emptyBatch = { Records: [] };

    expect(await invokeBundle("worker", [emptyBatch])).toEqual([{ batchItemFailures: [] }]);
    expect(await invokeBundle("webhooks", [emptyBatch])).toEqual([{ batchItemFailures: [] }]);
  });
});
