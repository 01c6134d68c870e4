import type { StepFigures } from "./engine-figures";
import { type CostSummary, type delayComparison, PRICES, SQS_REQUESTS_PER_MESSAGE } from "./step-cost";
import type { Distribution, StepTiming } from "./step-timing";
import type { Counts } from "./tally";

/** Everything the engine bench measured; printed as tables and, on the last line, as one JSON object. */
export interface EngineResult {
  bench: "engine";
  runs: number;
  stepsPerRun: number;
  concurrency: number;
  createConcurrency: number;
  /** Creations that answered 409 after createRun's own retries on the workspace counters; the bench retried. */
  creationConflicts: number;
  steps: number;
  creationMs: number;
  wallMs: number;
  stepsPerSecond: number;
  timing: StepTiming;
  perStep: { creation: StepFigures; execution: StepFigures; total: StepFigures };
  dynamoLocalMeanMs: Counts;
  lambdaMsSource: string;
  lambdaMsPerStep: number;
  cpuMsPerStep: number;
  cost: CostSummary;
  totalPerMillionStepsAtCpuTime: number;
  delays: {
    shortWaitMs: number;
    longWaitMs: number;
    delayedSendsPerShortWait: number;
    schedulesPerShortWait: number;
    schedulesPerLongWait: number;
    wakeLateness: Distribution;
    prices: ReturnType<typeof delayComparison>;
  };
  machine: { cpu: string; cpus: number; node: string };
  valid: boolean;
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  for (const row of [header, ...rows]) {
    const cells = row.map((cell, i) =>
      i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0),
    );
    console.log(`  ${cells.join("  ")}`);
  }
}

const fixed = (value: number, digits = 3) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");
const dollars = (value: number) => `$${value.toFixed(3)}`;

export function printReport(r: EngineResult): void {
  console.log(
    `\n${r.runs} runs × ${r.stepsPerRun} noop steps, ${r.concurrency} workers: ${r.steps} steps in ` +
      `${fixed(r.wallMs / 1000, 2)} s = ${fixed(r.stepsPerSecond, 1)} steps/s ` +
      `(${r.timing.completedRuns}/${r.runs} runs COMPLETED)`,
  );
  console.log(
    `Creating the runs first (workers held, ${r.createConcurrency} at a time): ${fixed(r.creationMs / 1000, 2)} s, ` +
      `${r.creationConflicts} creations answered 409 on the workspace counters and were retried\n`,
  );
  const t = r.timing;
  const latencyRow = (name: string, d: Distribution, note = "") => [
    name,
    String(d.count),
    fixed(d.p50Ms, 0),
    fixed(d.p99Ms, 0),
    fixed(d.maxMs, 0),
    note,
  ];
  printTable(
    ["latency (from the events)", "n", "p50 ms", "p99 ms", "max ms", ""],
    [
      latencyRow("step k completed → k+1 started", t.gap, `${t.zeroGaps} of them 0 ms`),
      latencyRow("step k started → k+1 started", t.cycle),
      latencyRow("run started → completed", t.run),
    ],
  );

  const { creation, execution, total } = r.perStep;
  const commands = [...new Set([...Object.keys(execution.requests), ...Object.keys(creation.requests)])];
  const where = Object.keys(total.writeUnitsBy).sort();
  const row = (name: string, pick: (f: StepFigures) => number) => [
    name,
    ...[execution, creation, total].map((f) => fixed(pick(f))),
  ];
  console.log("\nPer step (creation = one run's creation ÷ its steps):");
  printTable(
    ["", "execution", "creation", "total"],
    [
      ...commands.map((c) => row(`DynamoDB ${c}`, (f) => f.requests[c] ?? 0)),
      row("DynamoDB requests", (f) => f.requestsTotal),
      row("  of which failed (no capacity reported)", (f) => f.failedRequests),
      row("write units (WRU)", (f) => f.writeUnits),
      ...where.map((w) => row(`  WRU on ${w}`, (f) => f.writeUnitsBy[w] ?? 0)),
      row("read units (RRU)", (f) => f.readUnits),
      row("queue messages (SQS)", (f) => f.queueMessages),
      row("scheduler one-shots", (f) => f.schedules),
      row("worker invocations", (f) => f.invocations),
    ],
  );
  console.log(`  worker time per step: ${fixed(r.lambdaMsPerStep, 2)} ms (${r.lambdaMsSource});`);
  console.log(
    `  process CPU per step: ${fixed(r.cpuMsPerStep, 2)} ms (process.cpuUsage, excludes DynamoDB Local)`,
  );
  const latency = Object.entries(r.dynamoLocalMeanMs).map(([c, ms]) => `${c} ${ms} ms`);
  console.log(`  DynamoDB Local mean latency while running: ${latency.join(", ")}`);

  const c = r.cost;
  const lines = Object.entries(c.linesPerMillionSteps) as [string, number][];
  console.log("\nAWS cost per million steps (on-demand list prices, us-east-1):");
  printTable(
    ["line", "$ / M steps", "share"],
    [
      ...lines.map(([name, value]) => [
        name,
        dollars(value),
        `${fixed(c.totalPerMillionSteps === 0 ? 0 : (value / c.totalPerMillionSteps) * 100, 1)}%`,
      ]),
      ["total", dollars(c.totalPerMillionSteps), "100%"],
      ["Step Functions Standard", dollars(c.stepFunctionsPerMillionSteps), ""],
    ],
  );
  console.log(
    `  ratio to Step Functions: ${fixed(c.ratioToStepFunctions, 4)} ` +
      `(1/${fixed(1 / c.ratioToStepFunctions, 1)}); goal ≤ 0.1: ${c.meetsTenthGoal ? "met" : "NOT met"}; ` +
      `dominant: ${c.dominantLine} (${fixed(c.dominantShare * 100, 0)}%)`,
  );
  console.log(
    `  with Lambda billed at CPU time only (lower bound): ${dollars(r.totalPerMillionStepsAtCpuTime)} / M steps`,
  );

  const d = r.delays;
  const p = d.prices;
  console.log(
    "\nA delay of at most 15 minutes (per million waits; delivery to the worker is the same either way):",
  );
  printTable(
    ["path", "scheduling", "+ receive/delete", "all-in"],
    [
      ["SQS DelaySeconds (1 delayed send)", p.sqsDelaySecondsPerMillionWaits],
      ["EventBridge Scheduler (invocation + its send)", p.schedulerPerMillionWaits],
    ].map(([name, value]) => [
      String(name),
      dollars(Number(value)),
      dollars(p.deliveryPerMillionWaitsBoth),
      dollars(Number(value) + p.deliveryPerMillionWaitsBoth),
    ]),
  );
  console.log(
    `  cheaper: ${p.cheaper}, by ${dollars(p.savingPerMillionWaits)} per M waits ` +
      `(${p.schedulingCostRatio}x on scheduling, ${p.allInRatio}x all-in).`,
  );
  console.log(
    `  measured: a ${d.shortWaitMs / 1000} s wait made ${d.delayedSendsPerShortWait} delayed SQS send(s) and ` +
      `${d.schedulesPerShortWait} schedules; a ${d.longWaitMs / 60_000} min wait made ` +
      `${d.schedulesPerLongWait} schedule(s). Local wake lateness p50 ${fixed(d.wakeLateness.p50Ms, 0)} ms, ` +
      `p99 ${fixed(d.wakeLateness.p99Ms, 0)} ms (SQS in AWS: to the second; Scheduler: within 60 s).`,
  );
  printNotes(r);
}

function printNotes(r: EngineResult): void {
  console.log("\nNotes:");
  for (const note of [
    "The engine starts step k+1 in the same commit that completes step k (one TransactWriteItems per step, " +
      "no queue hop), so both events carry one timestamp and that gap is 0 ms by construction. The step cycle " +
      "row (start to start) is the real time a step costs: its execution plus one commit.",
    `One doorbell advances a whole run (up to 50 steps per invocation), so queue messages and invocations per ` +
      `step are ~1/${r.stepsPerRun}.`,
    `SQS is priced at ${SQS_REQUESTS_PER_MESSAGE} requests per message (send, receive, delete: no ESM batching, ` +
      `the upper bound). Lambda: ${PRICES.lambdaMemoryGb * 1024} MB arm64, one message per invocation, billed ` +
      "duration = the advancer's wall time here, which includes waiting on DynamoDB Local and on the other " +
      `${r.concurrency - 1} workers sharing this event loop.`,
    "Capacity units are what DynamoDB Local reported (ReturnConsumedCapacity INDEXES: totals with the table/GSI " +
      "split; transactions at the doubled price). Failed requests report none here, though real DynamoDB " +
      "bills a failed conditional write. " +
      "Not counted: CloudWatch Logs, the sweeper, the API's own auth and rate-limit writes, free tiers.",
    writesPerCommit(r),
  ]) {
    console.log(`  - ${note}`);
  }
  console.log(`  Machine: ${r.machine.cpu}, ${r.machine.cpus} CPUs, Node ${r.machine.node}`);
}

/** Where one execution commit's write units go: what a change to the engine's items would save. */
function writesPerCommit(r: EngineResult): string {
  const { execution } = r.perStep;
  const commits = execution.requests.TransactWriteItems ?? 0;
  const parts = Object.entries(execution.writeUnitsBy)
    .sort(([, a], [, b]) => b - a)
    .map(([where, units]) => `${where} ${fixed(units / commits, 2)}`);
  return `Each execution commit (TransactWriteItems) consumed ${fixed(execution.writeUnits / commits, 2)} WRU: ${parts.join(", ")}.`;
}
