import { loadavg } from "node:os";
import type { Burst } from "./creation-burst";
import type { CpuSplit } from "./process-cpu";
import { percentile, round } from "./stats";
import { printTable } from "./table";

/** Issue 12: creation p99 at most this many times one PutItem's, at the same concurrency. */
const P99_RATIO_TARGET = 3;

/** What the creation bench measured (bench/creation.ts), for its report. */
export interface CreationMeasurements {
  runs: number;
  singleSamples: number;
  loadAtStart: number;
  counted: Burst;
  cancelled: number;
  refused: number;
  listExact: boolean;
  creation: Burst;
  creationCpu: CpuSplit;
  puts: number[];
  putCpu: CpuSplit;
  single: Burst;
  singlePuts: number[];
}

const p = (latencies: number[], q: number) =>
  round(
    percentile(
      [...latencies].sort((a, b) => a - b),
      q,
    ),
    1,
  );

/** Prints the figures as a table, then as a last line of JSON; answers the exit code. */
export function reportCreation(measured: CreationMeasurements): number {
  const { runs, singleSamples, loadAtStart, counted, cancelled, refused } = measured;
  const { creation, creationCpu, puts, putCpu, single, singlePuts } = measured;
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
    listExact: measured.listExact,
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
        `one at a time (×${singleSamples}): creation / PutItem p99 (ms)`,
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
}
