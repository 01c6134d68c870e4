import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { DescribeTableCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../core/config";
import { runDoorbell } from "../../core/domain/run-messages";
import { awsPlatform } from "../../functions/aws-platform";

/**
 * Where the AWS platform's clients send their requests, checked without any AWS: a loopback server stands in
 * for an emulator and answers every request with a 400, and the test reads which operations reached it.
 * The functions rely on the SDK itself honouring AWS_ENDPOINT_URL; the harness passes the endpoint explicitly.
 */

interface Seen {
  method: string;
  path: string;
  target: string | undefined;
}

let seen: Seen[] = [];
let url = "";
const server = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    seen.push({
      method: req.method ?? "",
      path: req.url ?? "",
      target: req.headers["x-amz-target"] as string,
    });
    res.writeHead(400, {
      "content-type": "application/x-amz-json-1.0",
      "x-amzn-errortype": "ValidationException",
    });
    res.end(JSON.stringify({ __type: "ValidationException", message: "stand-in endpoint" }));
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  vi.unstubAllEnvs();
  seen = [];
});

const config = loadConfig({
  AWS_REGION: "us-east-1",
  STEP_QUEUE_URL: "https://sqs.us-east-1.amazonaws.com/000000000000/weft-steps",
  STEP_QUEUE_ARN: "arn:aws:sqs:us-east-1:000000000000:weft-steps",
  RUN_EVENT_QUEUE_URL: "https://sqs.us-east-1.amazonaws.com/000000000000/weft-webhooks",
  SCHEDULE_GROUP: "weft",
  SCHEDULER_ROLE_ARN: "arn:aws:iam::000000000000:role/weft-scheduler",
  KMS_KEY_ID: "arn:aws:kms:us-east-1:000000000000:key/11111111-2222-3333-4444-555555555555",
  BLOB_BUCKET: "weft-blobs",
});

/** One call through each adapter; each is refused by the stand-in endpoint, which is all this needs. */
async function callEveryService(platform: ReturnType<typeof awsPlatform>): Promise<void> {
  const doorbell = runDoorbell("wsp_1", "run_1");
  await expect(platform.queue.send(doorbell)).rejects.toThrow();
  await expect(
    platform.runEventQueue.send({
      type: "webhooks.dispatch",
      workspaceId: "wsp_1",
      runId: "run_1",
      journalSeq: 1,
    }),
  ).rejects.toThrow();
  await expect(platform.scheduler.schedule("wake-run_1", Date.now() + 3_600_000, doorbell)).rejects.toThrow();
  await expect(platform.keyVault.encrypt("secret", { workspaceId: "wsp_1" })).rejects.toThrow();
  await expect(
    platform.blobs.put({ workspaceId: "wsp_1", runId: "run_1", name: "out" }, "{}"),
  ).rejects.toThrow();
  await expect(platform.dynamo.send(new DescribeTableCommand({ TableName: "weft" }))).rejects.toThrow();
}

const expectedRequests = [
  expect.objectContaining({ method: "POST", target: "AmazonSQS.SendMessage" }),
  expect.objectContaining({ method: "POST", target: "AmazonSQS.SendMessage" }),
  expect.objectContaining({
    method: "POST",
    path: expect.stringMatching(/^\/schedules\/wake-run_1-[0-9a-f]{20}$/),
  }),
  expect.objectContaining({ method: "POST", target: "TrentService.GenerateDataKey" }),
  // Path-style: the bucket in the path, as an emulator's one host takes it.
  expect.objectContaining({
    method: "PUT",
    path: expect.stringMatching(/^\/weft-blobs\/wsp_1\/run_1\/out(\?|$)/),
  }),
  expect.objectContaining({ method: "POST", target: "DynamoDB_20120810.DescribeTable" }),
];

describe("the AWS platform's endpoint", () => {
  it("follows AWS_ENDPOINT_URL from the environment for DynamoDB, SQS, Scheduler, KMS and S3 (the Lambda wiring)", async () => {
    vi.stubEnv("AWS_ENDPOINT_URL", url);
    vi.stubEnv("AWS_ACCESS_KEY_ID", "local");
    vi.stubEnv("AWS_SECRET_ACCESS_KEY", "local");
    vi.stubEnv("AWS_SESSION_TOKEN", undefined);

    await callEveryService(awsPlatform(config));

    expect(seen).toEqual(expectedRequests);
  });

  it("fails a blob call in a function given no bucket (the sweeper, the run-event worker), naming BLOB_BUCKET, sending nothing", async () => {
    const platform = awsPlatform({ ...config, BLOB_BUCKET: undefined }, { endpoint: url });

    await expect(platform.blobs.get({ workspaceId: "wsp_1", runId: "run_1", name: "out" })).rejects.toThrow(
      /BLOB_BUCKET is not set/,
    );
    expect(seen).toEqual([]);
  });

  it("uses an endpoint given explicitly, with dummy credentials (the integration harness)", async () => {
    await callEveryService(awsPlatform(config, { endpoint: url }));

    expect(seen).toEqual(expectedRequests);
  });
});
