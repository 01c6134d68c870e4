import { cpus } from "node:os";
import { parseArgs } from "node:util";
import { keys } from "../core/adapters/dynamodb/table/keys";
import { loadConfig } from "../core/config";
import { RunStatus } from "../core/domain/statuses";
import { type RunBatch, runBatch } from "./lib/api-run-batch";
import { itemBytes } from "./lib/billed-units";
import { cleanupStack } from "./lib/cleanups";
import { prepareConditionalWrites } from "./lib/conditional-write-rate";
import { ApiClient, type Receiver, signUp, startReceiver, stepsOf } from "./lib/cost-workloads";
import { DynamoWire, unmarshallItem } from "./lib/dynamo-wire";
import { type CpuSplit, withCpu } from "./lib/process-cpu";
import { runBench, wholeNumberOption } from "./lib/run-bench";
import { launchService, type RunningService } from "./lib/service";
import { type PhaseSummary, round, summarize } from "./lib/stats";
import { printTable } from "./lib/table";

/**
 * Issue 12: the engine's rate as a ratio to DynamoDB Local's own rate of the write a step's commit is, in one
 * run on this machine. The real service (`npm start`: API, engine workers, run-event worker, sweeper) on its
 * DynamoDB Local; R runs of a 10-step http workflow (each step a GET to a loopback receiver that answers at
 * once) are created over the HTTP API and run to their end: the engine's rate is their steps over their span
 * (first creation to last commit, bench/lib/api-run-batch.ts). Before and after, `WORKER_CONCURRENCY` callers
 * put a real run item conditionally on its version in a closed loop on the same DynamoDB Local
 * (bench/lib/conditional-write-rate.ts); the mean of the two is the rate the engine is compared to, so load
 * from elsewhere on the shared machine falls on both sides. Target: a ratio of at least 0.9.
 * `npm run bench:engine-rate -- --runs 200 --duration 5`.
 */
const STEPS_PER_RUN = 10;
const TARGET_RATIO = 0.9;
/** The puts' own warm-up, after the warm-up batch of runs: their connections and the bench's client. */
const WARM_UP_MS = 2000;
const RECEIVER_PATH = "/step";

interface Options {
  runs: number;
  durationSec: number;
  createConcurrency: number;
}

const workers = loadConfig({ WORKER_CONCURRENCY: process.env.WORKER_CONCURRENCY }).WORKER_CONCURRENCY;

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "200" },
      duration: { type: "string", default: "5" },
      "create-concurrency": { type: "string", default: String(workers) },
    },
  });
  return {
    runs: wholeNumberOption("runs", values.runs, 10_000),
    durationSec: wholeNumberOption("duration", values.duration, 600),
    createConcurrency: wholeNumberOption("create-concurrency", values["create-concurrency"], 256),
  };
}

interface Target {
  service: RunningService;
  receiver: Receiver;
  dynamo: DynamoWire;
  stop(): Promise<void>;
}

async function start(): Promise<Target> {
  const cleanups = cleanupStack();
  try {
    // The receiver is on the loopback, which the URL guard refuses unless private URLs are allowed.
    const service = await launchService({ ALLOW_PRIVATE_URLS: "true" });
    cleanups.push(() => service.stop());
    const receiver = await startReceiver();
    cleanups.push(() => receiver.stop());
    const dynamo = new DynamoWire(service.dynamoEndpoint);
    cleanups.push(() => dynamo.close());
    return { service, receiver, dynamo, stop: cleanups.stop };
  } catch (error) {
    await cleanups.stop();
    throw error;
  }
}

async function main(target: Target, options: Options): Promise<number> {
  const { service, receiver, dynamo } = target;
  console.log(
    `The service on DynamoDB Local, ${workers} engine workers; ${options.runs} runs of ${STEPS_PER_RUN} http steps, ` +
      `conditional puts for ${options.durationSec} s before and after`,
  );
  const api = new ApiClient(service.url);
  const workspace = await signUp(api, "engine-rate");
  const definition = await api.call<{ id: string }>("POST", "/v1/workflow-definitions", workspace.apiKey, {
    name: "engine-rate",
    version: "1",
    steps: stepsOf("http", STEPS_PER_RUN, { httpUrl: `${receiver.url}${RECEIVER_PATH}` }),
  });
  const batch = (runs: number) =>
    runBatch({
      api,
      dynamo,
      tableName: service.tableName,
      workspace,
      definitionId: definition.id,
      receiver,
      receiverPath: RECEIVER_PATH,
      stepsPerRun: STEPS_PER_RUN,
      runs,
      createConcurrency: options.createConcurrency,
    });

  // Warm: both JITs (the service's, and DynamoDB Local's JVM, which otherwise serves the first phase
  // measured at about half its later speed), connection pools, the definition cache; and a run item to put.
  const warmUp = await batch(Math.max(workers, Math.ceil(options.runs / 2)));
  const sample = warmUp.runs[0];
  const item = sample && (await dynamo.getItem(service.tableName, wireKey(sample.workspaceId, sample.id)));
  if (!item) throw new Error("the warm-up run's item is missing");
  const writes = await prepareConditionalWrites({
    endpoint: service.dynamoEndpoint,
    region: "us-east-1",
    tableName: service.tableName,
    item: unmarshallItem(item),
    callers: workers,
  });
  try {
    await writes.measure(WARM_UP_MS);
    const puts = () => withCpu(service, () => writes.measure(options.durationSec * 1000));
    const [before, beforeCpu] = await puts();
    const [engine, engineCpu] = await withCpu(service, () => batch(options.runs));
    const [after, afterCpu] = await puts();
    return report(
      options,
      { ...engine, cpu: engineCpu },
      {
        before: { ...summarize(before), cpu: beforeCpu },
        after: { ...summarize(after), cpu: afterCpu },
      },
      itemBytes(item),
    );
  } finally {
    writes.close();
  }
}

function wireKey(workspaceId: string, runId: string) {
  const key = keys.run(workspaceId, runId);
  return { pk: { S: key.pk }, sk: { S: key.sk } };
}

type PutPhase = PhaseSummary & { cpu: CpuSplit };
type EnginePhase = RunBatch & { cpu: CpuSplit };

function report(
  options: Options,
  engine: EnginePhase,
  puts: { before: PutPhase; after: PutPhase },
  runItemBytes: number,
): number {
  const putRate = (puts.before.rps + puts.after.rps) / 2;
  const ratio = engine.stepsPerSecond / putRate;
  const completed = engine.runs.filter((run) => run.status === RunStatus.Completed).length;
  const valid =
    completed === options.runs &&
    engine.steps === options.runs * STEPS_PER_RUN &&
    puts.before.errors === 0 &&
    puts.after.errors === 0;
  const perUnit = (cpu: CpuSplit, units: number) => ({
    dynamoLocalMs: round(cpu.dynamoLocalMs / units),
    serviceMs: round(cpu.serviceMs / units),
    benchMs: round(cpu.benchMs / units),
  });
  const putCpu = (phase: PutPhase) => perUnit(phase.cpu, phase.requests);
  const engineCpu = perUnit(engine.cpu, engine.steps);
  // DynamoDB Local's work per step, in puts' worth: where its CPU is what the cores are short of, the ratio
  // cannot pass the inverse, whatever the engine does between its requests.
  const putsWorthPerStep =
    engineCpu.dynamoLocalMs / ((putCpu(puts.before).dynamoLocalMs + putCpu(puts.after).dynamoLocalMs) / 2);

  console.log(`\nConditional PutItem of a run item (${runItemBytes} bytes), ${workers} callers:`);
  printTable(
    ["phase", "puts/s", "p50 ms", "p99 ms", "puts", "errors", "CPU ms/put: DynamoDB Local", "bench"],
    (["before", "after"] as const).map((name) => {
      const phase = puts[name];
      const cpu = putCpu(phase);
      return [
        name,
        phase.rps,
        phase.p50Ms,
        phase.p99Ms,
        phase.requests,
        phase.errors,
        cpu.dynamoLocalMs,
        cpu.benchMs,
      ].map(String);
    }),
    "  ",
  );
  console.log(
    `\nEngine: ${completed}/${options.runs} runs completed, ${engine.steps} steps in ${round(engine.spanMs / 1000)} s ` +
      `(creation over the API took ${round(engine.creationMs / 1000)} s of it): ${round(engine.stepsPerSecond, 1)} steps/s; ` +
      `CPU ms per step: DynamoDB Local ${engineCpu.dynamoLocalMs}, the service ${engineCpu.serviceMs}, the bench ${engineCpu.benchMs}`,
  );
  console.log(
    `Ratio: ${round(engine.stepsPerSecond, 1)} / ${round(putRate, 1)} = ${round(ratio, 3)} (target ≥ ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? "met" : "not met"})`,
  );
  console.log(
    `DynamoDB Local worked ${round(putsWorthPerStep)} puts' worth of CPU per step: a ceiling of ${round(1 / putsWorthPerStep, 3)} where it bounds the rate`,
  );
  if (!valid) console.error("FAIL: not every run completed with all its steps, or a put failed");

  const cpu = cpus();
  const putFigures = (phase: PutPhase) => ({
    putsPerSecond: phase.rps,
    p50Ms: phase.p50Ms,
    p99Ms: phase.p99Ms,
    puts: phase.requests,
    errors: phase.errors,
    cpuMsPerPut: putCpu(phase),
  });
  const result = {
    bench: "engine-rate",
    runs: options.runs,
    stepsPerRun: STEPS_PER_RUN,
    workers,
    createConcurrency: options.createConcurrency,
    conditionalPut: {
      runItemBytes,
      before: putFigures(puts.before),
      after: putFigures(puts.after),
      putsPerSecond: round(putRate, 1),
    },
    engine: {
      steps: engine.steps,
      spanMs: engine.spanMs,
      creationMs: Math.round(engine.creationMs),
      stepsPerSecond: round(engine.stepsPerSecond, 1),
      cpuMsPerStep: engineCpu,
      dynamoLocalPutsWorthPerStep: round(putsWorthPerStep),
    },
    ceilingWhereDynamoLocalBounds: round(1 / putsWorthPerStep, 3),
    ratio: round(ratio, 3),
    target: TARGET_RATIO,
    met: ratio >= TARGET_RATIO,
    machine: { cpu: cpu[0]?.model ?? "unknown", cpus: cpu.length, node: process.version },
    valid,
  };
  // Last line: every figure, for scripts.
  console.log(JSON.stringify(result));
  return valid ? 0 : 1;
}

await runBench({ readOptions, start, stopping: "the service and the receiver", main });
