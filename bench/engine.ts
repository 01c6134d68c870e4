import { cpus } from "node:os";
import { parseArgs } from "node:util";
import { loadConfig } from "../core/config";
import { addFigures, figuresPerStep, meanLatencyMs } from "./lib/engine-figures";
import { type EngineHarness, startEngineHarness } from "./lib/engine-harness";
import { measureBatch, measureWaits, type PhaseOptions } from "./lib/engine-phases";
import { type EngineResult, printReport } from "./lib/engine-report";
import { createEngineFixture, LONG_WAIT_MS, NOOP_STEPS, SHORT_WAIT_MS } from "./lib/engine-runs";
import { round } from "./lib/stats";
import { delayComparison, summarizeCost } from "./lib/step-cost";
import { stepTiming } from "./lib/step-timing";
import { count } from "./lib/tally";

/**
 * The engine's throughput, step latency and AWS cost per million steps: many concurrent runs of a 10-step
 * noop workflow through the local service's engine, with every DynamoDB request, capacity unit and queue
 * message counted. `npm run bench:engine -- --runs 100 --concurrency 8`.
 */
type Options = PhaseOptions;

function readOptions(): Options {
  const defaultConcurrency = loadConfig({
    WORKER_CONCURRENCY: process.env.WORKER_CONCURRENCY,
  }).WORKER_CONCURRENCY;
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "200" },
      concurrency: { type: "string", default: String(defaultConcurrency) },
      "create-concurrency": { type: "string", default: "1" },
    },
  });
  const positive = (flag: string, raw: string, max: number) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1 || value > max) {
      throw new Error(`--${flag} takes a whole number from 1 to ${max}, got "${raw}"`);
    }
    return value;
  };
  return {
    runs: positive("runs", values.runs, 100_000),
    concurrency: positive("concurrency", values.concurrency, 256),
    createConcurrency: positive("create-concurrency", values["create-concurrency"], 256),
  };
}

async function main(harness: EngineHarness, options: Options): Promise<number> {
  console.log(
    `DynamoDB Local at ${harness.dynamoEndpoint}; ${options.runs} runs, ${options.concurrency} workers`,
  );
  const fixture = await createEngineFixture(harness.deps);
  const batch = await measureBatch(harness, fixture, options);
  const waits = await measureWaits(harness, fixture, options);

  const timing = stepTiming(batch.runs);
  const steps = timing.stepsCompleted;
  const creation = figuresPerStep(batch.creation, steps);
  const execution = figuresPerStep(batch.execution, steps);
  const total = addFigures(creation, execution);
  const lambdaMsPerStep = count(batch.execution, "advance.ms") / steps;
  const cpuMsPerStep = batch.cpuMs / steps;
  const cpu = cpus();
  const result: EngineResult = {
    bench: "engine",
    runs: options.runs,
    stepsPerRun: NOOP_STEPS,
    concurrency: options.concurrency,
    createConcurrency: options.createConcurrency,
    creationConflicts: batch.creationConflicts,
    steps,
    creationMs: Math.round(batch.creationMs),
    wallMs: Math.round(batch.wallMs),
    stepsPerSecond: round((steps / batch.wallMs) * 1000, 1),
    timing,
    perStep: { creation, execution, total },
    dynamoLocalMeanMs: meanLatencyMs(batch.execution),
    lambdaMsSource: "wall time inside advanceRun per step, timed by a wrapper around the advancer",
    lambdaMsPerStep: round(lambdaMsPerStep),
    cpuMsPerStep: round(cpuMsPerStep),
    cost: summarizeCost({ ...total, lambdaMs: lambdaMsPerStep }),
    totalPerMillionStepsAtCpuTime: summarizeCost({ ...total, lambdaMs: cpuMsPerStep }).totalPerMillionSteps,
    delays: {
      shortWaitMs: SHORT_WAIT_MS,
      longWaitMs: LONG_WAIT_MS,
      delayedSendsPerShortWait: waits.delayedSendsPerShortWait,
      schedulesPerShortWait: waits.schedulesPerShortWait,
      schedulesPerLongWait: waits.schedulesPerLongWait,
      wakeLateness: waits.wakeLateness,
      prices: delayComparison(),
    },
    machine: { cpu: cpu[0]?.model ?? "unknown", cpus: cpu.length, node: process.version },
    valid:
      timing.completedRuns === options.runs &&
      steps === options.runs * NOOP_STEPS &&
      count(batch.execution, "advance.errors") === 0 &&
      waits.allShortCompleted,
  };
  printReport(result);
  if (!result.valid) console.error("FAIL: not every run completed cleanly; the figures are not valid");
  // Last line: every figure, for scripts.
  console.log(JSON.stringify(result));
  return result.valid ? 0 : 1;
}

async function run(): Promise<void> {
  let options: Options;
  try {
    options = readOptions();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 2;
    return;
  }
  const harness = await startEngineHarness({ concurrency: options.concurrency });
  const interrupt = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the engine and DynamoDB Local`);
    void harness.stop().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  };
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", interrupt);
  try {
    process.exitCode = await main(harness, options);
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  } finally {
    await harness.stop();
  }
}

await run();
