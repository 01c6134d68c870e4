import { spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { APIGatewayProxyResult } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { bundleEntry, REPO_ROOT } from "../../bench/lib/lambda-bundle";
import { ensureTable } from "../../core/adapters/dynamodb/table/create-table";
import { createDynamoClient } from "../../core/adapters/dynamodb/table/dynamo-client";
import { SWAGGER_UI_SHIPPED } from "../../core/api/api-reference-assets";
import { firstRequests, type SignedUp } from "./first-requests";
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
    RUN_EVENT_QUEUE_URL: "https://sqs.us-east-1.amazonaws.com/123456789012/weft-run-events",
    SCHEDULE_GROUP: "weft",
    SCHEDULER_ROLE_ARN: "arn:aws:iam::123456789012:role/weft-scheduler",
    KMS_KEY_ID: "arn:aws:kms:us-east-1:123456789012:key/11111111-2222-3333-4444-555555555555",
  };
});

afterAll(() => rmSync(outRoot, { recursive: true, force: true }));

const bundles = new Map<string, Promise<string>>();

/** `entry` bundled once for the file, as deployed: the path of its handler file. */
function bundled(entry: string): Promise<string> {
  let file = bundles.get(entry);
  if (file === undefined) {
    const dir = join(outRoot, entry);
    mkdirSync(dir);
    file = bundleEntry(join(REPO_ROOT, "functions", `${entry}.ts`), dir).then((built) => built.file);
    bundles.set(entry, file);
  }
  return file;
}

/** Hands each event to `entry`'s bundled handler in one fresh Node process: the results in order. */
async function invokeBundle(entry: string, events: unknown[]): Promise<unknown[]> {
  const file = await bundled(entry);
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
    // Lambda's working directory is the function's package, here the bundle's folder: the repository's own
    // dist/dashboard (built by `npm test`) is not the function's.
    cwd: dirname(file),
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
  it("api: answers /openapi.json, and /docs with Swagger UI's files from where infra/api.ts copies them", async () => {
    const handlerDir = dirname(await bundled("api"));
    for (const path of SWAGGER_UI_SHIPPED) cpSync(join(REPO_ROOT, path), join(handlerDir, path));
    const [document, page, style, missing] = (await invokeBundle("api", [
      functionUrlEvent("GET", "/openapi.json"),
      functionUrlEvent("GET", "/docs"),
      functionUrlEvent("GET", "/docs/assets/swagger-ui.css"),
      functionUrlEvent("GET", "/nowhere"),
    ])) as APIGatewayProxyResult[];

    expect(document?.statusCode).toBe(200);
    expect(JSON.parse(document?.body ?? "")).toMatchObject({ openapi: "3.1.0" });
    expect(page?.statusCode).toBe(200);
    expect(page?.body).toContain('id="swagger-ui"');
    expect(style?.statusCode).toBe(200);
    expect(style?.body).toBe(
      readFileSync(join(REPO_ROOT, "node_modules/swagger-ui-dist/swagger-ui.css"), "utf8"),
    );
    expect(missing?.statusCode).toBe(404);
    expect(JSON.parse(missing?.body ?? "")).toMatchObject({ success: false, error: { code: "NOT_FOUND" } });
  });

  it("api: answers each route group's first request on a fresh instance as it answers the next", async () => {
    // Sign-up is the dashboard-auth group's first request, on an instance of its own.
    const [signup] = (await invokeBundle("api", [
      functionUrlEvent("POST", "/v1/dashboard-auth/signup", {
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          email: "first@example.com",
          password: "long enough pw",
          workspaceName: "First",
        }),
      }),
    ])) as APIGatewayProxyResult[];
    expect(signup?.statusCode).toBe(201);
    const { data } = JSON.parse(signup?.body ?? "") as SignedUp;
    const requests = firstRequests(data.apiKey.key, data.token, data.workspace.id);

    // Each request twice in a row: the first loads its group, the second finds it loaded.
    const results = (await invokeBundle("api", [
      ...requests.flatMap(({ event }) => [event, event]),
      functionUrlEvent("GET", "/openapi.json"),
    ])) as APIGatewayProxyResult[];

    const answers = results.slice(0, -1).map((result) => ({
      status: result.statusCode,
      type: result.headers?.["content-type"],
      body: result.body,
    }));
    requests.forEach(({ name, status }, i) => {
      const [first, next] = [answers[2 * i], answers[2 * i + 1]];
      expect(first?.status, name).toBe(status);
      expect(first, name).toEqual(next);
      expect(first?.body, name).not.toContain('"message":"Route ');
    });
    // Built after the groups were loaded in the requests' order, not the document's: the same document.
    const document = JSON.parse(results.at(-1)?.body ?? "") as Record<string, unknown>;
    const reviewed = readFileSync(join(REPO_ROOT, "test/api/__snapshots__/openapi.json"), "utf8");
    const servers = (JSON.parse(reviewed) as Record<string, unknown>).servers;
    expect(JSON.stringify({ ...document, servers }, null, 2)).toBe(reviewed);
  });

  it("sweeper: sweeps the table through the bundled AWS SDK, finding nothing overdue", async () => {
    const [swept] = await invokeBundle("sweeper", [{}]);

    expect(swept).toEqual({ rung: 0, runEvents: 0 });
  });

  it("worker and run-events: answer an empty SQS batch with no failures", async () => {
    const emptyBatch = { Records: [] };

    expect(await invokeBundle("worker", [emptyBatch])).toEqual([{ batchItemFailures: [] }]);
    expect(await invokeBundle("run-events", [emptyBatch])).toEqual([{ batchItemFailures: [] }]);
  });

  it("the SQS, Scheduler, KMS and S3 clients, loaded on first use, send their requests and read the answers", async () => {
    const requests: { method: string; target: string; path: string; body: Record<string, unknown> }[] = [];
    const server = await listen(async (request) => {
      const body = JSON.parse((await text(request)) || "{}") as Record<string, unknown>;
      const target = String(request.headers["x-amz-target"] ?? "");
      requests.push({ method: request.method ?? "", target, path: request.url ?? "", body });
      return awsAnswer(target, request.url ?? "", body, requests);
    });
    try {
      const dir = join(outRoot, "aws-platform");
      mkdirSync(dir);
      const probe = join(dir, "probe.ts");
      writeFileSync(
        probe,
        [
          `import { loadConfig } from ${JSON.stringify(join(REPO_ROOT, "core/config.ts"))};`,
          `import { awsPlatform } from ${JSON.stringify(join(REPO_ROOT, "functions/aws-platform.ts"))};`,
          "const platform = awsPlatform(loadConfig(process.env));",
          'await platform.queue.send({ type: "run.advance", workspaceId: "wsp_1", runId: "run_1" });',
          'const wake = { type: "run.advance", workspaceId: "wsp_1", runId: "run_1" };',
          'await platform.scheduler.schedule("wake-run_1", Date.now() + 3_600_000, wake);',
          // The second create of a name is refused with a ConflictException, which the adapter takes as done.
          'await platform.scheduler.schedule("wake-run_1", Date.now() + 3_600_000, wake);',
          'const context = { workspaceId: "wsp_1" };',
          'const sealed = await platform.keyVault.encrypt("a secret", context);',
          "const opened = await platform.keyVault.decrypt(sealed, context);",
          'const blob = { workspaceId: "wsp_1", runId: "run_1", name: "transcript.json" };',
          "await platform.blobs.put(blob, JSON.stringify({ turns: 2 }));",
          "const kept = Buffer.from(await platform.blobs.get(blob)).toString();",
          'const missing = await platform.blobs.get({ ...blob, name: "none" });',
          "process.stdout.write(JSON.stringify([opened, kept, missing ?? null]));",
        ].join("\n"),
      );
      const { file } = await bundleEntry(probe, dir);
      const port = (server.address() as AddressInfo).port;
      const result = await run(file, {
        ...env,
        // What the infra gives the functions that hold the blob bucket.
        BLOB_BUCKET: "weft-blobs",
        // As Lambda gives them: the credentials in the environment; the endpoint, here, of the stand-in.
        AWS_ENDPOINT_URL: `http://127.0.0.1:${port}`,
        AWS_ACCESS_KEY_ID: "AKIDLOCAL",
        AWS_SECRET_ACCESS_KEY: "local",
        AWS_SESSION_TOKEN: "local",
      });

      expect(JSON.parse(result)).toEqual(["a secret", '{"turns":2}', null]);
      // The bucket in the path: the stand-in's endpoint is an IP address, as an emulator's often is.
      expect(requests.map(({ method, target, path }) => target || `${method} ${path}`)).toEqual([
        "AmazonSQS.SendMessage",
        expect.stringMatching(/^POST \/schedules\/wake-run_1/),
        expect.stringMatching(/^POST \/schedules\/wake-run_1/),
        "TrentService.GenerateDataKey",
        "TrentService.Decrypt",
        expect.stringMatching(/^PUT \/weft-blobs\/wsp_1\/run_1\/transcript\.json(\?|$)/),
        expect.stringMatching(/^GET \/weft-blobs\/wsp_1\/run_1\/transcript\.json(\?|$)/),
        expect.stringMatching(/^GET \/weft-blobs\/wsp_1\/run_1\/none(\?|$)/),
      ]);
      expect(requests[0]?.body).toMatchObject({ QueueUrl: env.STEP_QUEUE_URL, MessageGroupId: "wsp_1" });
      expect(requests[1]?.body).toMatchObject({ GroupName: "weft", ActionAfterCompletion: "DELETE" });
      expect(requests[3]?.body).toMatchObject({ KeyId: env.KMS_KEY_ID });
    } finally {
      server.close();
    }
  });
});

/**
 * What SQS (JSON 1.0), the Scheduler (REST-JSON), KMS (JSON 1.1) and S3 (REST-XML, its objects kept in
 * `requests`' PUTs) answer the probe's requests.
 */
function awsAnswer(
  target: string,
  path: string,
  body: Record<string, unknown>,
  requests: { method: string; path: string; body: Record<string, unknown> }[],
): { status: number; headers: Record<string, string>; body: unknown } {
  const json = (type: string, answer: unknown, status = 200, headers: Record<string, string> = {}) => ({
    status,
    headers: { "content-type": type, ...headers },
    body: answer,
  });
  const dataKey = Buffer.alloc(32, 7).toString("base64");
  if (target === "AmazonSQS.SendMessage") {
    // The client checks the MD5 of the body SQS received.
    const md5 = createHash("md5").update(String(body.MessageBody)).digest("hex");
    return json("application/x-amz-json-1.0", { MessageId: "m-1", MD5OfMessageBody: md5 });
  }
  if (target === "TrentService.GenerateDataKey")
    return json("application/x-amz-json-1.1", {
      KeyId: body.KeyId,
      Plaintext: dataKey,
      CiphertextBlob: Buffer.from("sealed-key").toString("base64"),
    });
  if (target === "TrentService.Decrypt")
    return json("application/x-amz-json-1.1", { KeyId: "key", Plaintext: dataKey });
  if (path.startsWith("/schedules/")) {
    const again = requests.filter((request) => request.path === path).length > 1;
    return again
      ? json("application/json", { Message: "exists" }, 409, { "x-amzn-errortype": "ConflictException" })
      : json("application/json", { ScheduleArn: `arn:aws:scheduler:us-east-1:123456789012:schedule${path}` });
  }
  if (path.startsWith("/weft-blobs/")) {
    const key = path.split("?")[0];
    const request = requests.at(-1);
    if (request?.method === "PUT") return json("application/xml", "", 200, { etag: '"stand-in"' });
    const put = requests.find((earlier) => earlier.method === "PUT" && earlier.path.split("?")[0] === key);
    if (put) return json("application/octet-stream", put.body);
    const missing =
      "<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>";
    return json("application/xml", missing, 404);
  }
  return json("application/json", { message: `unexpected ${target || path}` }, 400);
}

async function listen(
  answer: (
    request: IncomingMessage,
  ) => Promise<{ status: number; headers: Record<string, string>; body: unknown }>,
): Promise<Server> {
  const server = createServer((request, response) => {
    void answer(request).then(({ status, headers, body }) => {
      response.writeHead(status, headers).end(typeof body === "string" ? body : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

async function text(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Runs a bundle in a fresh Node without blocking this process, whose server it talks to; its stdout. */
function run(file: string, environment: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--no-warnings", file], {
      env: { PATH: process.env.PATH ?? "", ...environment },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.on("close", (code) => (code === 0 ? resolve(stdout) : reject(new Error(stderr))));
  });
}
