import type { StepFigures } from "./engine-figures";
import type { EngineResult } from "./engine-result";
import { PRICES, SQS_REQUESTS_PER_MESSAGE } from "./step-cost";
import type { Distribution } from "./step-timing";
import { dollars, fixed, printTable as printColumns } from "./table";

const printTable = (header: string[], rows: string[][]) => printColumns(header, rows, "  ");

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
    "noop has no side effects, so the engine runs a chain of noop steps inside one commit (up to 25): the " +
      "noop figures above are those of such a chain, and its step cycle is 0 ms. A step with side effects " +
      "is committed as started before it runs, and its outcome in a commit of its own that also starts the " +
      "next step (no queue hop, so that gap is 0 ms by construction): one conditional write of the run per step, and its " +
      "step cycle (start to start) is the real time a step costs. The comparison below measures both.",
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
    "Capacity as DynamoDB bills it (from item sizes, over the API, with the run-event worker): npm run bench:cost; " +
      "the engine's rate against DynamoDB Local's own conditional write: npm run bench:engine-rate.",
    `Units per execution commit (the phase's writes over its commits): noop ${writesPerCommit(r.perStep.execution)}; ` +
      `${r.sideEffects.handler} ${writesPerCommit(r.sideEffects.perStep.execution)}.`,
  ]) {
    console.log(`  - ${note}`);
  }
  console.log(`  Machine: ${r.machine.cpu}, ${r.machine.cpus} CPUs, Node ${r.machine.node}`);
}

/** Where one execution commit's write units go: what a change to the engine's items would save. */
function writesPerCommit(execution: StepFigures): string {
  const commits = execution.commits;
  const parts = Object.entries(execution.writeUnitsBy)
    .sort(([, a], [, b]) => b - a)
    .map(([where, units]) => `${where} ${fixed(units / commits, 2)}`);
  return `${fixed(execution.writeUnits / commits, 2)} WRU (${parts.join(", ")})`;
}
