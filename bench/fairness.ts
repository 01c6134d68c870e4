import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startLocalService } from "../test/helpers/local-service";
import { startReceiver } from "./lib/cost-workloads";
import { type DynamoLocalTarget, startDynamoLocalTarget } from "./lib/dynamo-local-target";
import { allEnded, ended, fairnessFigures, flood, startOne, tenant } from "./lib/fairness-flood";
import { runBench, wholeNumberOption } from "./lib/run-bench";
import { percentile, round } from "./lib/stats";
import { printTable } from "./lib/table";

/**
 * Fairness across workspaces (docs/triggers.md, "Fairness"), against the real service (`npm start`: API,
 * engine and run-event worker running) on DynamoDB Local, through the HTTP API. Workspace B's run of a short
 * workflow (two http steps to a loopback receiver) is timed on the idle service; then workspace A creates
 * `--runs` runs (2,000 by default) of the same workflow, and B creates one as soon as A's last creation
 * is answered. Printed: B's latency (creation to COMPLETED, from the run's own timestamps) against the
 * idle one, how many of A's runs completed ahead of B's out of those still queued when B's was created,
 * and A's throughput. `npm run bench:fairness -- --runs 2000`.
 */
interface Options {
  runs: number;
}

const IDLE_SAMPLES = 5;
/** How long the receiver takes to answer each http step. */
const STEP_MS = 20;
const CREATION_LANES = 50;
/** The service's workers (WORKER_CONCURRENCY), set here so the bound below is stated against it. */
const WORKERS = 8;
/**
 * The documented bound, as runs: B's doorbell is taken by the second worker to free at the latest, so
 * about one A run per worker completes ahead of it, and at most as many again while B's own steps run.
 */
const AHEAD_BOUND = 3 * WORKERS;

void runBench<Options, DynamoLocalTarget>({
  readOptions() {
    const { values } = parseArgs({ options: { runs: { type: "string", default: "2000" } } });
    return { runs: wholeNumberOption("runs", values.runs, 20_000) };
  },
  start: startDynamoLocalTarget,
  stopping: "the service and DynamoDB Local",
  async main({ local, cleanups }, { runs }) {
    const receiver = await startReceiver({ delayMs: STEP_MS });
    cleanups.push(() => receiver.stop());
    const dataDir = mkdtempSync(join(tmpdir(), "weft-bench-fairness-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const service = await startLocalService({
      DATA_DIR: dataDir,
      DYNAMODB_ENDPOINT: local.endpoint,
      TABLE_NAME: "weft",
      ALLOW_PRIVATE_URLS: "true",
      RATE_LIMIT_PER_MINUTE: "100000000",
      WORKER_CONCURRENCY: String(WORKERS),
      LOG_LEVEL: "warn",
    });
    cleanups.push(() => service.stop("SIGTERM"));
    const a = await tenant(service.url, "a", receiver.url);
    const b = await tenant(service.url, "b", receiver.url);
    console.log(
      `Workspace A floods ${runs} runs, then workspace B starts one (${WORKERS} workers, two http steps of ${STEP_MS} ms each)\n`,
    );

    const idle: number[] = [];
    for (let i = 0; i < IDLE_SAMPLES; i++) {
      const run = await ended(b, await startOne(b), 60_000);
      idle.push((run.completedAtMs ?? Number.NaN) - run.createdAtMs);
    }
    const idleMs = percentile(
      [...idle].sort((x, y) => x - y),
      50,
    );

    const floodStarted = performance.now();
    await flood(a, runs, CREATION_LANES);
    const creationSeconds = (performance.now() - floodStarted) / 1000;
    const single = await ended(b, await startOne(b), 600_000);
    const floodRuns = await allEnded(a, 3_600_000);
    const figures = fairnessFigures(single, floodRuns);
    const completed = single.status === "COMPLETED" && floodRuns.every((run) => run.status === "COMPLETED");

    printTable(
      ["", "figure"],
      [
        ["B's run on the idle service (median of 5), ms", String(idleMs)],
        ["B's run during A's flood, ms", String(figures.latencyMs)],
        ["ratio", String(round(figures.latencyMs / idleMs, 1))],
        ["A's runs still queued or running when B's was created", String(figures.floodBacklog)],
        ["A's runs completed ahead of B's", `${figures.floodCompletedAhead} (bound ${AHEAD_BOUND})`],
        [`A's ${runs} creations, s`, String(round(creationSeconds, 1))],
        ["A's throughput, runs/s (first creation to last completion)", String(figures.floodRunsPerSecond)],
        ["every run COMPLETED", String(completed)],
      ],
    );
    const withinBound = figures.floodCompletedAhead <= AHEAD_BOUND;
    console.log(
      JSON.stringify({
        bench: "fairness",
        runs,
        workers: WORKERS,
        stepMs: STEP_MS,
        idleLatencyMs: idleMs,
        floodLatencyMs: figures.latencyMs,
        floodBacklog: figures.floodBacklog,
        floodCompletedAhead: figures.floodCompletedAhead,
        floodRunsPerSecond: figures.floodRunsPerSecond,
        creationSeconds: round(creationSeconds, 1),
        targets: { completed, withinBound },
      }),
    );
    return completed && withinBound ? 0 : 1;
  },
});
