import { cpus } from "node:os";
import { parseArgs } from "node:util";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { createDocumentClient, createDynamoClient } from "../core/adapters/dynamodb/table/dynamo-client";
import { keys } from "../core/adapters/dynamodb/table/keys";
import { hashApiKey } from "../core/auth/api-key-secret";
import { runClosedLoop } from "./lib/closed-loop";
import { runHttpLoad } from "./lib/http-load";
import { runBench, wholeNumberOption } from "./lib/run-bench";
import { launchService, type RunningService } from "./lib/service";
import { type PhaseSummary, round, type Samples, summarize } from "./lib/stats";
import { printTable } from "./lib/table";

/**
 * Issue 2: the service's own cost per request, as a ratio to a raw DynamoDB GetItem against the same
 * DynamoDB Local in the same run, so the figures compare across machines. Each connection count is measured
 * in turn (`npm run bench -- --connections 1,16 --duration 5`); the target is an authenticated GET p99 of at
 * most twice a GetItem p99 at each, for a definition (issue 2) and for a completed run of three steps, its
 * step runs included (issue 40).
 */
const WARM_UP_SEC = 2;
const MAX_ERROR_RATE = 0.01;
const P99_RATIO_TARGET = 2;
const SLICE_SEC = 2;

const STEPS = ["fetch", "transform", "store"].map((name) => ({ type: "task", name, handler: "noop" }));
const DEFINITION_BODY = JSON.stringify({ name: "bench", version: "1", steps: STEPS });

interface Options {
  /** Measured one after the other, each with every phase. */
  connections: number[];
  durationSec: number;
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      connections: { type: "string", default: "1,16" },
      duration: { type: "string", default: "10" },
    },
  });
  return {
    connections: values.connections.split(",").map((raw) => wholeNumberOption("connections", raw, 1000)),
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
  /** A run of the definition, completed: what a user's GET of a run reads. */
  runId: string;
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
  const definitionId = created.data.id;
  const run = (await postJson(`${baseUrl}/v1/workflow-runs`, JSON.stringify({ definitionId, input: {} }), {
    "x-api-key": apiKey,
  })) as { data: { id: string } };
  await completed(`${baseUrl}/v1/workflow-runs/${run.data.id}`, apiKey);
  return { apiKey, workspaceId: signup.data.workspace.id, definitionId, runId: run.data.id };
}

const RUN_COMPLETION_TIMEOUT_MS = 30_000;

async function completed(runUrl: string, apiKey: string): Promise<void> {
  const deadline = Date.now() + RUN_COMPLETION_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const response = await fetch(runUrl, { headers: { "x-api-key": apiKey } });
    const body = (await response.json()) as { data?: { status?: string } };
    if (body.data?.status === "COMPLETED") return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the fixture's run did not complete within ${RUN_COMPLETION_TIMEOUT_MS} ms`);
}

type Run = (durationSec: number) => Promise<Samples>;

/** Every phase runs once unmeasured first, so JIT, connection pools and DynamoDB Local are warm. */
async function measure(run: Run, durationSec: number) {
  await run(WARM_UP_SEC);
  return summarize(await run(durationSec));
}

/**
 * Phases whose ratios matter take turns in slices of SLICE_SEC until each has run `durationSec`, so load
 * from elsewhere on the machine (other engineers' test runs) falls on all of them alike instead of on
 * whichever ran at the time. Each is warmed up first, as in `measure`.
 */
async function measureInTurns<Name extends string>(
  runs: Record<Name, Run>,
  durationSec: number,
): Promise<Record<Name, PhaseSummary>> {
  const phases = Object.entries<Run>(runs).map(([name, run]) => ({
    name,
    run,
    slices: { latenciesMs: [] as number[], errors: 0, elapsedMs: 0 },
  }));
  for (const phase of phases) await phase.run(WARM_UP_SEC);
  for (let doneSec = 0; doneSec < durationSec; doneSec += SLICE_SEC) {
    for (const phase of phases) {
      const slice = await phase.run(Math.min(SLICE_SEC, durationSec - doneSec));
      phase.slices.latenciesMs.push(...slice.latenciesMs);
      phase.slices.errors += slice.errors;
      phase.slices.elapsedMs += slice.elapsedMs;
    }
  }
  return Object.fromEntries(phases.map((phase) => [phase.name, summarize(phase.slices)])) as Record<
    Name,
    PhaseSummary
  >;
}

function printPhases(phases: Record<string, PhaseSummary>): void {
  printTable(
    ["phase", "rps", "p50 ms", "p99 ms", "requests", "errors"],
    Object.entries(phases).map(([name, s]) =>
      [name, s.rps, s.p50Ms, s.p99Ms, s.requests, s.errors].map(String),
    ),
  );
}

interface Target {
  service: RunningService;
  fixture: Fixture;
  /** The same client setup and the same strongly consistent read the service's definition store does. */
  getItem: () => Promise<boolean>;
  /**
   * The two reads an authenticated GET cannot do without, back to back as it must do them: the key's lookup
   * (which names the workspace), then the definition. The floor of the GET's latency, with no API around it.
   */
  twoGetItems: () => Promise<boolean>;
}

/** Every phase at one connection count: the API's GET and POST, and the raw GetItems they compare to. */
async function measureAt(target: Target, connections: number, durationSec: number) {
  const { service, fixture } = target;
  const apiKeyHeader = { "x-api-key": fixture.apiKey };
  const getUrl = `${service.url}/v1/workflow-definitions/${fixture.definitionId}`;
  const runUrl = `${service.url}/v1/workflow-runs/${fixture.runId}`;
  const { get, getRun, getItem, twoGetItems } = await measureInTurns(
    {
      get: (sec) =>
        runHttpLoad({ url: getUrl, method: "GET", headers: apiKeyHeader, connections, durationSec: sec }),
      getRun: (sec) =>
        runHttpLoad({ url: runUrl, method: "GET", headers: apiKeyHeader, connections, durationSec: sec }),
      getItem: (sec) => runClosedLoop(connections, sec * 1000, target.getItem),
      twoGetItems: (sec) => runClosedLoop(connections, sec * 1000, target.twoGetItems),
    },
    durationSec,
  );
  // After the reads: its writes would slow DynamoDB Local for whichever read came next.
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
  const phases = {
    "GET definition": get,
    "GET run": getRun,
    "POST definition": post,
    "raw GetItem": getItem,
    "raw 2 GetItems": twoGetItems,
  };
  const ratios = {
    getP99OverGetItemP99: round(get.p99Ms / getItem.p99Ms),
    getRunP99OverGetItemP99: round(getRun.p99Ms / getItem.p99Ms),
    getP50OverGetItemP50: round(get.p50Ms / getItem.p50Ms),
    twoGetItemsP99OverGetItemP99: round(twoGetItems.p99Ms / getItem.p99Ms),
    getP99OverTwoGetItemsP99: round(get.p99Ms / twoGetItems.p99Ms),
    getItemRpsOverGetRps: round(getItem.rps / get.rps),
    postP50OverGetItemP50: round(post.p50Ms / getItem.p50Ms),
  };
  console.log(`${connections} connection${connections === 1 ? "" : "s"}:`);
  printPhases(phases);
  console.log(
    `GET p99 / GetItem p99: ${ratios.getP99OverGetItemP99}x (target <= ${P99_RATIO_TARGET}x), ` +
      `GET run p99 / GetItem p99: ${ratios.getRunP99OverGetItemP99}x (target <= ${P99_RATIO_TARGET}x), ` +
      `GET p50 / GetItem p50: ${ratios.getP50OverGetItemP50}x, ` +
      `2 GetItems p99 / GetItem p99: ${ratios.twoGetItemsP99OverGetItemP99}x, ` +
      `GET p99 / 2 GetItems p99: ${ratios.getP99OverTwoGetItemsP99}x, ` +
      `GetItem rps / GET rps: ${ratios.getItemRpsOverGetRps}x, ` +
      `POST p50 / GetItem p50: ${ratios.postP50OverGetItemP50}x\n`,
  );
  // Errors answer fast, so a run with many of them would flatter the figures.
  const failing = Object.entries(phases).filter(([, s]) => s.errorRate > MAX_ERROR_RATE);
  for (const [name, s] of failing) {
    console.error(
      `FAIL: ${name} at ${connections} connections had ${s.errors} errors (${round(s.errorRate * 100)}%); ` +
        "its figures are not valid",
    );
  }
  return {
    connections,
    get,
    getRun,
    post,
    getItem,
    twoGetItems,
    ratios,
    withinTarget:
      ratios.getP99OverGetItemP99 <= P99_RATIO_TARGET && ratios.getRunP99OverGetItemP99 <= P99_RATIO_TARGET,
    valid: failing.length === 0,
  };
}

async function main(service: RunningService, options: Options): Promise<number> {
  const { durationSec } = options;
  const fixture = await createFixture(service.url);
  console.log(`Service at ${service.url}, DynamoDB Local at ${service.dynamoEndpoint}`);
  console.log(`${durationSec} s per phase after a ${WARM_UP_SEC} s warm-up\n`);

  const dynamo = createDynamoClient({ region: "us-east-1", endpoint: service.dynamoEndpoint });
  const documents = createDocumentClient(dynamo);
  const getItem = new GetCommand({
    TableName: service.tableName,
    Key: keys.definition(fixture.workspaceId, fixture.definitionId),
    ConsistentRead: true,
  });
  const keyLookup = new GetCommand({
    TableName: service.tableName,
    Key: keys.apiKeyHash(hashApiKey(fixture.apiKey)),
    ConsistentRead: true,
  });
  const target: Target = {
    service,
    fixture,
    getItem: async () => (await documents.send(getItem)).Item !== undefined,
    twoGetItems: async () =>
      (await documents.send(keyLookup)).Item !== undefined &&
      (await documents.send(getItem)).Item !== undefined,
  };
  const runs = [];
  try {
    for (const connections of options.connections)
      runs.push(await measureAt(target, connections, durationSec));
  } finally {
    dynamo.destroy();
  }

  const cpu = cpus();
  const machine = { cpu: cpu[0]?.model ?? "unknown", cpus: cpu.length, node: process.version };
  console.log(`Machine: ${machine.cpu}, ${machine.cpus} CPUs, Node ${machine.node}`);
  const valid = runs.every((run) => run.valid);
  console.log(
    JSON.stringify({
      bench: "api",
      durationSec,
      p99RatioTarget: P99_RATIO_TARGET,
      runs,
      withinTarget: runs.every((run) => run.withinTarget),
      machine,
      valid,
    }),
  );
  return valid ? 0 : 1;
}

await runBench({ readOptions, start: () => launchService(), stopping: "the service", main });
