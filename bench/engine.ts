import { cpus } from "node:os";
import { parseArgs } from "node:util";
import { loadConfig } from "../core/config";
import { printComparison } from "./lib/engine-comparison";
import { type EngineHarness, startEngineHarness } from "./lib/engine-harness";
import { measureBatch, measureWaits, type PhaseOptions } from "./lib/engine-phases";
import { printReport } from "./lib/engine-report";
import { batchFigures, completedCleanly, type EngineResult } from "./lib/engine-result";
import {
  createEngineFixture,
  LONG_WAIT_MS,
  NOOP_STEPS,
  SHORT_WAIT_MS,
  SIDE_EFFECT_HANDLER,
  SIDE_EFFECT_HANDLERS,
} from "./lib/engine-runs";
import { runBench, wholeNumberOption } from "./lib/run-bench";
import { delayComparison } from "./lib/step-cost";

/**
 * The engine's throughput, step latency and AWS cost per million steps: many concurrent runs of a 10-step
 * workflow through the local service's engine, with every DynamoDB request, capacity unit and queue message
 * counted. Twice: with `noop` steps, which have no side effects (the engine runs a chain of them inside one
 * commit), and with a custom handler, which the engine must treat as having side effects (one commit per
 * step). `npm run bench:engine -- --runs 100 --concurrency 8`.
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
  return {
    runs: wholeNumberOption("runs", values.runs, 100_000),
    concurrency: wholeNumberOption("concurrency", values.concurrency, 256),
    createConcurrency: wholeNumberOption("create-concurrency", values["create-concurrency"], 256),
  };
}

async function main(harness: EngineHarness, options: Options): Promise<number> {
  console.log(
    `DynamoDB Local at ${harness.dynamoEndpoint}; ${options.runs} runs, ${options.concurrency} workers`,
  );
  const fixture = await createEngineFixture(harness.deps);
  const noopBatch = await measureBatch(harness, fixture, fixture.noopDefinitionId, options);
  const sideEffectBatch = await measureBatch(harness, fixture, fixture.sideEffectDefinitionId, options);
  const waits = await measureWaits(harness, fixture, options);

  const noop = batchFigures(noopBatch);
  const sideEffects = batchFigures(sideEffectBatch);
  const cpu = cpus();
  const result: EngineResult = {
    bench: "engine",
    runs: options.runs,
    stepsPerRun: NOOP_STEPS,
    concurrency: options.concurrency,
    createConcurrency: options.createConcurrency,
    ...noop,
    lambdaMsSource: "wall time inside advanceRun per step, timed by a wrapper around the advancer",
    sideEffects: {
      handler: SIDE_EFFECT_HANDLER,
      runs: options.runs,
      stepsPerRun: NOOP_STEPS,
      ...sideEffects,
    },
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
      completedCleanly(noopBatch, noop, options.runs, NOOP_STEPS) &&
      completedCleanly(sideEffectBatch, sideEffects, options.runs, NOOP_STEPS) &&
      waits.allShortCompleted,
  };
  printReport(result);
  printComparison(result);
  if (!result.valid) console.error("FAIL: not every run completed cleanly; the figures are not valid");
  // Last line: every figure, for scripts.
  console.log(JSON.stringify(result));
  return result.valid ? 0 : 1;
}

await runBench({
  readOptions,
  start: (options) =>
    startEngineHarness({ concurrency: options.concurrency, customHandlers: SIDE_EFFECT_HANDLERS }),
  stopping: "the engine and DynamoDB Local",
  main,
});
