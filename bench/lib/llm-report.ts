import type { StepFigures } from "./engine-figures";
import type { LlmResult } from "./llm-result";
import type { CostSummary } from "./step-cost";
import type { Distribution } from "./step-timing";
import { dollars, fixed, printTable as printColumns } from "./table";

const printTable = (header: string[], rows: string[][]) => printColumns(header, rows, "  ");
const ms = (value: number) => fixed(value, 2);

export function printLlmReport(r: LlmResult): void {
  const e = r.engine;
  const m = e.meanPerStep;
  console.log(
    `\nOne LLM call (${r.model}, a system prompt and a user message), the fake answering at once, ${r.concurrency} in flight ` +
      `(closed loop, ${r.durationMs / 1000} s per call phase; ${e.runs} one-step runs through the engine):`,
  );
  const call = (name: string, c: LlmResult["sdk"]) => [
    name,
    fixed(c.callsPerSecond, 1),
    ms(c.p50Ms),
    ms(c.p99Ms),
    ms(c.meanMs),
    String(c.errors),
  ];
  printTable(
    ["path", "per s", "p50 ms", "p99 ms", "mean ms", "errors"],
    [
      call("official SDK (one client, reused)", r.sdk),
      call("our adapter (createOpenAiProvider)", r.adapter),
      [
        "llm step through the engine (worker time)",
        fixed(e.llmStepsPerSecond, 1),
        ms(e.perCall.invocationWallMs.p50Ms),
        ms(e.perCall.invocationWallMs.p99Ms),
        ms(m.workerMs),
        String(e.runs - e.completedRuns),
      ],
    ],
  );

  const row = (name: string, d: Distribution, mean = "") => [
    name,
    ms(d.p50Ms),
    ms(d.p99Ms),
    ms(d.maxMs),
    mean,
  ];
  console.log("\nWhere an llm step's time goes:");
  printTable(
    ["per step", "p50 ms", "p99 ms", "max ms", "mean ms"],
    [
      row("worker invocation (advanceRun), wall", e.perCall.invocationWallMs, ms(m.workerMs)),
      row("  inside the adapter's complete()", e.perCall.providerCallMs, ms(m.providerCallMs)),
      row("  the engine's own (wall − adapter)", e.perCall.engineAddedMs, ms(m.engineAddedMs)),
      row("events: STEP_STARTED → STEP_COMPLETED", e.events.stepStartedToCompletedMs),
      row("  LLM_CALL_COMPLETED durationMs", e.events.llmCallDurationMs),
      row("  the engine's own (span − call)", e.events.addedMs),
    ],
  );
  const byCommand = Object.entries(m.dynamoMsBy)
    .sort(([, a], [, b]) => b - a)
    .map(([command, value]) => `${command} ${e.perStep.execution.requests[command] ?? 0}× = ${ms(value)} ms`);
  console.log(
    `  added beyond the raw SDK call: ${ms(e.addedBeyondRawSdkP50Ms)} ms at p50 (worker wall p50 − SDK p50); ` +
      `adapter vs SDK: ${ms(r.adapter.addedP50Ms)} ms at p50`,
  );
  console.log(
    `  waiting on DynamoDB Local: ${ms(m.dynamoMs)} ms per step ` +
      `(${fixed((m.dynamoMs / m.engineAddedMs) * 100, 0)}% of the engine's own): ${byCommand.join(", ")}`,
  );
  const latency = Object.entries(e.dynamoLocalMeanMs).map(([c, v]) => `${c} ${ms(v)} ms`);
  console.log(`  DynamoDB Local mean latency per request under this load: ${latency.join(", ")}`);
  console.log(`  process CPU per step: ${ms(m.processCpuMs)} ms (engine + adapter + the in-process fake)`);

  printPerStep(e.perStep);
  printCost(e.costExecutionOnly, e.costWithRunCreation);
  console.log(
    `\n  Same request body as the raw SDK call: adapter ${r.sameRequestBody.adapter}, engine ` +
      `${r.sameRequestBody.engine}. Machine: ${r.machine.cpu}, ${r.machine.cpus} CPUs, Node ${r.machine.node}. ` +
      "DynamoDB Local (a JVM) shares those CPUs; its latency, not AWS DynamoDB's, is in every time above.",
  );
}

function printPerStep({ creation, execution, total }: LlmResult["engine"]["perStep"]): void {
  const commands = [...new Set([...Object.keys(execution.requests), ...Object.keys(creation.requests)])];
  const row = (name: string, pick: (f: StepFigures) => number) => [
    name,
    ...[execution, creation, total].map((f) => fixed(pick(f))),
  ];
  console.log("\nPer LLM step (a one-step run, so creation is one run's creation):");
  printTable(
    ["", "execution", "creation", "total"],
    [
      ...commands.map((c) => row(`DynamoDB ${c}`, (f) => f.requests[c] ?? 0)),
      row("DynamoDB requests", (f) => f.requestsTotal),
      row("  of which failed (no capacity reported)", (f) => f.failedRequests),
      row("write units (WRU)", (f) => f.writeUnits),
      row("read units (RRU)", (f) => f.readUnits),
      row("queue messages (SQS)", (f) => f.queueMessages),
      row("worker invocations", (f) => f.invocations),
    ],
  );
}

function printCost(execution: CostSummary, withCreation: CostSummary): void {
  console.log("\nAWS cost per million LLM steps, orchestration only (no model price; on-demand, us-east-1):");
  const lines = Object.keys(execution.linesPerMillionSteps) as (keyof CostSummary["linesPerMillionSteps"])[];
  printTable(
    ["line", "execution", "+ run creation"],
    [
      ...lines.map((line) => [
        line,
        dollars(execution.linesPerMillionSteps[line]),
        dollars(withCreation.linesPerMillionSteps[line]),
      ]),
      ["total", dollars(execution.totalPerMillionSteps), dollars(withCreation.totalPerMillionSteps)],
      [
        "ratio to Step Functions Standard ($25/M)",
        ...[execution, withCreation].map((c) => fixed(c.ratioToStepFunctions, 3)),
      ],
    ],
  );
  console.log(
    `  dominant: ${withCreation.dominantLine} (${fixed(withCreation.dominantShare * 100, 0)}%); Lambda ` +
      "duration = the worker's wall time (it includes the fake's call, ~0 here, and DynamoDB Local's latency).",
  );
}
