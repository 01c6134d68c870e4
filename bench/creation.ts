import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { createDocumentClient, createDynamoClient } from "../core/adapters/dynamodb/dynamo-client";
import { runItem } from "../core/adapters/dynamodb/run-items";
import { pendingRun } from "../core/domain/new-run";
import { type LocalService, startLocalService } from "../test/helpers/local-service";
import { startBillingProxy } from "./lib/billing-proxy";
import { ApiClient, RUN_INPUT, signUp } from "./lib/cost-workloads";
import { type DynamoLocalTarget, startDynamoLocalTarget } from "./lib/dynamo-local-target";
import { withCpu } from "./lib/process-cpu";
import { runBench, wholeNumberOption } from "./lib/run-bench";
import { percentile, round } from "./lib/stats";
import { printTable } from "./lib/table";
import { since, Tally } from "./lib/tally";
import { requestBucket } from "./lib/weft-items";

/**
 * Run creation in a burst: N `POST /v1/workflow-runs` at once in one workspace, against the real service
 * (`npm start`: API, engine and webhook worker running). Twice:
 * - counted, with the service behind bench/lib/billing-proxy.ts: the answers (201, 409, other), and the
 *   cancelled transactions and refused conditional writes while the burst lasts (the cost of a run is
 *   bench:cost's);
 * - timed, with the service straight on DynamoDB Local: creation latency beside N conditional `PutItem`s of a
 *   run item at once on the same DynamoDB Local, through a client configured as the service's; then both
 *   one at a time, where a creation's serial round trips show rather than DynamoDB Local's queue. Before each
 *   PutItem phase the engine has finished the runs created so far, so the puts do not share DynamoDB Local
 *   with the runs the creations left behind (the creations do, as in production: every worker runs).
 * Each time the list is read back: `total` must be exact and every run on exactly one page. The CPU that
 * DynamoDB Local and the service used in the two bursts (from /proc) says what the shared cores were short of.
 * The machine's load average is printed with the figures.
 * `npm run bench:creation -- --runs 500`.
 */
interface Options {
  runs: number;
}

/** Issue 12: creation p99 at most this many times one PutItem's, at the same concurrency. */
const P99_RATIO_TARGET = 3;
const PAGE_SIZE = 100;
/** Creations (and PutItems) made one at a time, for latency without a queue in front of DynamoDB Local. */
const SINGLE_SAMPLES = 200;

interface Burst {
  statuses: Record<string, number>;
  latenciesMs: number[];
  runIds: string[];
}

/** `runs` creations, `concurrency` at a time (all at once by default). */
async function burst(
  api: ApiClient,
  apiKey: string,
  definitionId: string,
  runs: number,
  concurrency = runs,
): Promise<Burst> {
  const statuses: Record<string, number> = {};
  const latenciesMs: number[] = [];
  const runIds: string[] = [];
  await inLanes(runs, concurrency, async () => {
    const started = performance.now();
    const response = await fetch(`${api.url}/v1/workflow-runs`, {
      method: "POST",
      headers: { "x-api-key": apiKey, "content-type": "application/json" },
      body: JSON.stringify({ definitionId, input: RUN_INPUT }),
    });
    const body = (await response.json()) as { data?: { id: string } };
    latenciesMs.push(performance.now() - started);
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    if (response.status === 201 && body.data) runIds.push(body.data.id);
  });
  return { statuses, latenciesMs, runIds };
}

/** Calls `task` `count` times, at most `lanes` at once. */
async function inLanes(count: number, lanes: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(lanes, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/** Pages through the list: whether `total` is the runs created and each run is listed exactly once. */
async function listedExactly(api: ApiClient, apiKey: string, runIds: string[]): Promise<boolean> {
  const seen: string[] = [];
  let total = -1;
  for (let page = 1; page <= Math.ceil(runIds.length / PAGE_SIZE) + 1; page++) {
    const response = await fetch(`${api.url}/v1/workflow-runs?page=${page}&pageSize=${PAGE_SIZE}`, {
      headers: { "x-api-key": apiKey },
    });
    const body = (await response.json()) as { data: { id: string }[]; meta: { total: number } };
    total = body.meta.total;
    seen.push(...body.data.map((run) => run.id));
  }
  return total === runIds.length && seen.length === runIds.length && new Set(seen).size === seen.length;
}

/**
 * Waits until the engine has run every run created so far (none PENDING or RUNNING), so a timed phase does
 * not share DynamoDB Local with the work the phase before it left behind: each side of a ratio is measured
 * on a service at rest.
 */
async function settled(api: ApiClient, apiKey: string): Promise<void> {
  const deadline = Date.now() + 5 * 60_000;
  const live = async (status: string) => {
    const response = await fetch(`${api.url}/v1/workflow-runs?status=${status}&pageSize=1`, {
      headers: { "x-api-key": apiKey },
    });
    return ((await response.json()) as { meta: { total: number } }).meta.total;
  };
  while ((await live("PENDING")) + (await live("RUNNING")) > 0) {
    if (Date.now() > deadline) throw new Error("the engine did not finish the burst's runs in 5 minutes");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function newWorkspace(service: LocalService, label: string) {
  const api = new ApiClient(service.url);
  const workspace = await signUp(api, label);
  const definition = await api.call<{ id: string }>("POST", "/v1/workflow-definitions", workspace.apiKey, {
    name: "creation burst",
    version: "1",
    steps: [{ name: "only", type: "task", handler: "noop" }],
  });
  return { api, workspace, definitionId: definition.id };
}

async function startService(dynamoEndpoint: string, cleanups: DynamoLocalTarget["cleanups"]) {
  const dataDir = mkdtempSync(join(tmpdir(), "weft-bench-creation-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const service = await startLocalService({
    DATA_DIR: dataDir,
    DYNAMODB_ENDPOINT: dynamoEndpoint,
    TABLE_NAME: "weft",
    // Out of reach, so it never refuses; it still makes its DynamoDB write per request, as in production.
    RATE_LIMIT_PER_MINUTE: "100000000",
    LOG_LEVEL: "warn",
  });
  cleanups.push(() => service.stop("SIGTERM"));
  return service;
}

/** Conditional PutItems of run items, `concurrency` at a time, each timed, with the service's client setup. */
async function putBurst(
  endpoint: string,
  runs: number,
  concurrency: number,
  label: string,
): Promise<number[]> {
  const client = createDocumentClient(createDynamoClient({ region: "us-east-1", endpoint }));
  const latenciesMs: number[] = [];
  await inLanes(runs, concurrency, async (i) => {
    const run = pendingRun({
      id: `run_${label}${String(i).padStart(8, "0")}`,
      workspaceId: "wsp_raw",
      definitionId: "def_raw",
      input: RUN_INPUT,
      idempotencyKey: null,
      supersessionKey: null,
      createdAt: new Date().toISOString(),
    });
    const started = performance.now();
    await client.send(
      new PutCommand({
        TableName: "weft",
        Item: runItem({ ...run, seq: i + 1, defSeq: i + 1 }),
        ConditionExpression: "attribute_not_exists(pk)",
      }),
    );
    latenciesMs.push(performance.now() - started);
  });
  client.destroy();
  return latenciesMs;
}

const p = (latencies: number[], q: number) =>
  round(
    percentile(
      [...latencies].sort((a, b) => a - b),
      q,
    ),
    1,
  );

void runBench<Options, DynamoLocalTarget>({
  readOptions() {
    const { values } = parseArgs({ options: { runs: { type: "string", default: "500" } } });
    return { runs: wholeNumberOption("runs", values.runs, 5000) };
  },
  start: startDynamoLocalTarget,
  stopping: "the service and DynamoDB Local",
  async main({ local, cleanups }, { runs }) {
    // The machine may be shared: how loaded it was says how far to trust the latencies.
    const loadAtStart = round(loadavg()[0] ?? 0, 2);
    console.log(`${runs} run creations at once in one workspace, over the HTTP API\n`);

    const tally = new Tally();
    const proxy = await startBillingProxy({ target: local.endpoint, tally, classify: requestBucket });
    cleanups.push(() => proxy.stop());
    const billedService = await startService(proxy.endpoint, cleanups);
    const billed = await newWorkspace(billedService, "billed");
    const before = tally.snapshot();
    const counted = await burst(billed.api, billed.workspace.apiKey, billed.definitionId, runs);
    const units = since(before, tally.snapshot());
    const billedListed = await listedExactly(billed.api, billed.workspace.apiKey, counted.runIds);
    await billedService.stop("SIGTERM");
    const sum = (suffix: string) =>
      Object.entries(units)
        .filter(([name]) => name.startsWith("work.") && name.endsWith(suffix))
        .reduce((total, [, value]) => total + value, 0);
    const cancelled = sum(".fail:TransactWriteItems");
    const refused = sum(".fail:PutItem") + sum(".fail:UpdateItem");

    const timedService = await startService(local.endpoint, cleanups);
    const measured = { pid: timedService.pid, dynamoEndpoint: local.endpoint };
    const timed = await newWorkspace(timedService, "timed");
    const [creation, creationCpu] = await withCpu(measured, () =>
      burst(timed.api, timed.workspace.apiKey, timed.definitionId, runs),
    );
    const timedListed = await listedExactly(timed.api, timed.workspace.apiKey, creation.runIds);
    await settled(timed.api, timed.workspace.apiKey);
    const [puts, putCpu] = await withCpu(measured, () => putBurst(local.endpoint, runs, runs, "burst"));
    const single = await burst(timed.api, timed.workspace.apiKey, timed.definitionId, SINGLE_SAMPLES, 1);
    await settled(timed.api, timed.workspace.apiKey);
    const singlePuts = await putBurst(local.endpoint, SINGLE_SAMPLES, 1, "single");
    // What each side of the burst's ratio asked of the shared cores: the creations' phase includes the
    // engine running the runs created meanwhile, as every worker runs.
    const cpuPerCreation = {
      dynamoLocalMs: round(creationCpu.dynamoLocalMs / runs, 2),
      serviceMs: round(creationCpu.serviceMs / runs, 2),
    };
    const dynamoLocalMsPerPut = round(putCpu.dynamoLocalMs / runs, 2);

    const figures = {
      runs,
      created: counted.statuses[201] ?? 0,
      conflicts: counted.statuses[409] ?? 0,
      otherAnswers: runs - (counted.statuses[201] ?? 0) - (counted.statuses[409] ?? 0),
      cancelledTransactions: cancelled,
      refusedConditionalWrites: refused,
      listExact: billedListed && timedListed,
      creationP50Ms: p(creation.latenciesMs, 50),
      creationP99Ms: p(creation.latenciesMs, 99),
      putItemP50Ms: p(puts, 50),
      putItemP99Ms: p(puts, 99),
      singleCreationP99Ms: p(single.latenciesMs, 99),
      singlePutItemP99Ms: p(singlePuts, 99),
      burstCpuMsPerCreation: cpuPerCreation,
      burstDynamoLocalCpuMsPerPut: dynamoLocalMsPerPut,
      loadAverage: { atStart: loadAtStart, atEnd: round(loadavg()[0] ?? 0, 2) },
    };
    const ratio = round(figures.creationP99Ms / figures.putItemP99Ms, 2);
    const singleRatio = round(figures.singleCreationP99Ms / figures.singlePutItemP99Ms, 2);
    printTable(
      ["", "figure"],
      [
        ["201 / 409 / other", `${figures.created} / ${figures.conflicts} / ${figures.otherAnswers}`],
        ["cancelled transactions", String(cancelled)],
        ["refused conditional writes", String(refused)],
        ["list total exact, each run once", String(figures.listExact)],
        ["creation p50 / p99 (ms)", `${figures.creationP50Ms} / ${figures.creationP99Ms}`],
        [`PutItem ×${runs} at once p50 / p99 (ms)`, `${figures.putItemP50Ms} / ${figures.putItemP99Ms}`],
        ["creation p99 ÷ PutItem p99", `${ratio} (target ≤ ${P99_RATIO_TARGET})`],
        [
          `one at a time (×${SINGLE_SAMPLES}): creation / PutItem p99 (ms)`,
          `${figures.singleCreationP99Ms} / ${figures.singlePutItemP99Ms} = ${singleRatio}`,
        ],
        [
          "burst CPU ms per creation: DynamoDB Local / service",
          `${cpuPerCreation.dynamoLocalMs} / ${cpuPerCreation.serviceMs}`,
        ],
        [
          "burst CPU ms of DynamoDB Local per PutItem (puts' worth per creation)",
          `${dynamoLocalMsPerPut} (${round(cpuPerCreation.dynamoLocalMs / dynamoLocalMsPerPut, 2)})`,
        ],
        ["load average (1 min) at start / end", `${loadAtStart} / ${figures.loadAverage.atEnd}`],
      ],
    );
    const met = {
      allCreated: figures.created === runs && creation.runIds.length === runs,
      noConflicts: figures.conflicts === 0,
      listExact: figures.listExact,
      latency: ratio <= P99_RATIO_TARGET,
      latencyOneAtATime: singleRatio <= P99_RATIO_TARGET,
    };
    console.log(
      JSON.stringify({
        bench: "creation",
        ...figures,
        p99Ratio: ratio,
        singleP99Ratio: singleRatio,
        targets: met,
      }),
    );
    return figures.created === runs && figures.listExact ? 0 : 1;
  },
});
