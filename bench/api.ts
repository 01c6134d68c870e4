import { cpus } from "node:os";
import { parseArgs } from "node:util";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { createDocumentClient, createDynamoClient } from "../core/adapters/dynamodb/dynamo-client";
import { keys } from "../core/adapters/dynamodb/keys";
import { runClosedLoop } from "./lib/closed-loop";
import { runHttpLoad } from "./lib/http-load";
import { runBench, wholeNumberOption } from "./lib/run-bench";
import { launchService, type RunningService } from "./lib/service";
import { type PhaseSummary, round, type Samples, summarize } from "./lib/stats";
import { printTable } from "./lib/table";

/**
 * Issue 2: the service's own cost per request, as a ratio to a raw DynamoDB GetItem against the same
 * DynamoDB Local in the same run, so the figures compare across machines. `npm run bench -- --duration 5`.
 */
const WARM_UP_SEC = 2;
const MAX_ERROR_RATE = 0.01;

const STEPS = ["fetch", "transform", "store"].map((name) => ({ type: "task", name, handler: "noop" }));
const DEFINITION_BODY = JSON.stringify({ name: "bench", version: "1", steps: STEPS });

interface Options {
  connections: number;
  durationSec: number;
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: { connections: { type: "string", default: "16" }, duration: { type: "string", default: "10" } },
  });
  return {
    connections: wholeNumberOption("connections", values.connections, 1000),
    durationSec: wholeNumberOption("duration", values.duration, 3600),
  };
}

async function postJson(url: string, body: string, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

interface Fixture {
  apiKey: string;
  workspaceId: string;
  definitionId: string;
}

async function createFixture(baseUrl: string): Promise<Fixture> {
  const signup = (await postJson(
    `${baseUrl}/v1/dashboard-auth/signup`,
    JSON.stringify({ email: "bench@example.com", password: "bench password", workspaceName: "Bench" }),
  )) as { data: { apiKey: { key: string }; workspace: { id: string } } };
  const apiKey = signup.data.apiKey.key;
  const created = (await postJson(`${baseUrl}/v1/workflow-definitions`, DEFINITION_BODY, {
    "x-api-key": apiKey,
  })) as { data: { id: string } };
  return { apiKey, workspaceId: signup.data.workspace.id, definitionId: created.data.id };
}

/** Every phase runs once unmeasured first, so JIT, connection pools and DynamoDB Local are warm. */
async function measure(run: (durationSec: number) => Promise<Samples>, durationSec: number) {
  await run(WARM_UP_SEC);
  return summarize(await run(durationSec));
}

function printPhases(phases: Record<string, PhaseSummary>): void {
  printTable(
    ["phase", "rps", "p50 ms", "p99 ms", "requests", "errors"],
    Object.entries(phases).map(([name, s]) =>
      [name, s.rps, s.p50Ms, s.p99Ms, s.requests, s.errors].map(String),
    ),
  );
}

async function main(service: RunningService, options: Options): Promise<number> {
  const { connections, durationSec } = options;
  const fixture = await createFixture(service.url);
  const apiKeyHeader = { "x-api-key": fixture.apiKey };
  console.log(`Service at ${service.url}, DynamoDB Local at ${service.dynamoEndpoint}`);
  console.log(`${connections} connections, ${durationSec} s per phase after a ${WARM_UP_SEC} s warm-up\n`);

  const get = await measure(
    (sec) =>
      runHttpLoad({
        url: `${service.url}/v1/workflow-definitions/${fixture.definitionId}`,
        method: "GET",
        headers: apiKeyHeader,
        connections,
        durationSec: sec,
      }),
    durationSec,
  );
  const post = await measure(
    (sec) =>
      runHttpLoad({
        url: `${service.url}/v1/workflow-definitions`,
        method: "POST",
        headers: { ...apiKeyHeader, "content-type": "application/json" },
        body: DEFINITION_BODY,
        connections,
        durationSec: sec,
      }),
    durationSec,
  );

  // The same client setup and the same strongly consistent read the service's definition store does.
  const dynamo = createDynamoClient({ region: "us-east-1", endpoint: service.dynamoEndpoint });
  const documents = createDocumentClient(dynamo);
  const getItem = new GetCommand({
    TableName: service.tableName,
    Key: keys.definition(fixture.workspaceId, fixture.definitionId),
    ConsistentRead: true,
  });
  const getItemSummary = await measure(
    (sec) =>
      runClosedLoop(connections, sec * 1000, async () => (await documents.send(getItem)).Item !== undefined),
    durationSec,
  ).finally(() => dynamo.destroy());

  const phases = { "GET definition": get, "POST definition": post, "raw GetItem": getItemSummary };
  printPhases(phases);
  const ratios = {
    getP50OverGetItemP50: round(get.p50Ms / getItemSummary.p50Ms),
    getItemRpsOverGetRps: round(getItemSummary.rps / get.rps),
    postP50OverGetItemP50: round(post.p50Ms / getItemSummary.p50Ms),
  };
  const cpu = cpus();
  const machine = { cpu: cpu[0]?.model ?? "unknown", cpus: cpu.length, node: process.version };
  console.log(`\nGET p50 / GetItem p50: ${ratios.getP50OverGetItemP50}x`);
  console.log(`GetItem rps / GET rps: ${ratios.getItemRpsOverGetRps}x`);
  console.log(`POST p50 / GetItem p50: ${ratios.postP50OverGetItemP50}x`);
  console.log(`Machine: ${machine.cpu}, ${machine.cpus} CPUs, Node ${machine.node}`);

  // Errors answer fast, so a run with many of them would flatter the figures.
  const failing = Object.entries(phases).filter(([, s]) => s.errorRate > MAX_ERROR_RATE);
  for (const [name, s] of failing) {
    console.error(
      `FAIL: ${name} had ${s.errors} errors (${round(s.errorRate * 100)}%); its figures are not valid`,
    );
  }
  console.log(
    JSON.stringify({
      bench: "api",
      connections,
      durationSec,
      get,
      post,
      getItem: getItemSummary,
      ratios,
      machine,
      valid: failing.length === 0,
    }),
  );
  return failing.length === 0 ? 0 : 1;
}

await runBench({ readOptions, start: () => launchService(), stopping: "the service", main });
