import type { BatchFigures, EngineResult } from "./engine-result";
import { dollars, fixed, printTable } from "./table";

/**
 * The noop batch beside the side-effect batch. noop (like set_state and condition) touches nothing outside
 * the run, so the engine runs a chain of such steps inside one commit; a step with side effects is committed
 * as started before it runs and its outcome in a commit of its own. The second column is what a real step
 * (a request, a model call, a self-hoster's handler) costs.
 */
export function printComparison(r: EngineResult): void {
  const batches: [string, BatchFigures][] = [
    ["noop", r],
    [r.sideEffects.handler, r.sideEffects],
  ];
  const row = (name: string, pick: (f: BatchFigures) => number, format = (value: number) => fixed(value)) => {
    const [noop, sideEffects] = batches.map(([, figures]) => pick(figures));
    const ratio = noop === undefined || sideEffects === undefined ? Number.NaN : sideEffects / noop;
    return [
      name,
      ...batches.map(([, figures]) => format(pick(figures))),
      Number.isFinite(ratio) ? `${fixed(ratio, 2)}x` : "n/a",
    ];
  };
  const commits = (f: BatchFigures) => f.perStep.execution.commits;
  console.log(
    `\nWithout and with side effects: ${r.runs} runs × ${r.stepsPerRun} steps each; a custom handler ` +
      `(\`${r.sideEffects.handler}\`, does nothing) is assumed to have side effects. Per step, creation included:`,
  );
  printTable(
    ["", ...batches.map(([name]) => name), "ratio"],
    [
      row("DynamoDB requests", (f) => f.perStep.total.requestsTotal),
      row("  execution commits (run at its version)", commits),
      row("write units (WRU)", (f) => f.perStep.total.writeUnits),
      row("read units (RRU)", (f) => f.perStep.total.readUnits),
      row("queue messages (SQS)", (f) => f.perStep.total.queueMessages),
      row("worker invocations", (f) => f.perStep.total.invocations),
      row(
        "worker time, ms",
        (f) => f.lambdaMsPerStep,
        (v) => fixed(v, 2),
      ),
      row(
        "step cycle p50, ms (start → next start)",
        (f) => f.timing.cycle.p50Ms,
        (v) => fixed(v, 0),
      ),
      row(
        "throughput, steps/s",
        (f) => f.stepsPerSecond,
        (v) => fixed(v, 1),
      ),
      row("AWS $ per million steps", (f) => f.cost.totalPerMillionSteps, dollars),
      row("  with Lambda billed at CPU time", (f) => f.totalPerMillionStepsAtCpuTime, dollars),
      row(
        "ratio to Step Functions ($25 / M)",
        (f) => f.cost.ratioToStepFunctions,
        (v) => fixed(v, 4),
      ),
    ],
    "  ",
  );
  const verdict = ([name, f]: [string, BatchFigures]) =>
    `${name}: 1/${fixed(1 / f.cost.ratioToStepFunctions, 1)} of Step Functions, goal ≤ 0.1 ` +
    `${f.cost.meetsTenthGoal ? "met" : "NOT met"} (dominant: ${f.cost.dominantLine}, ` +
    `${fixed(f.cost.dominantShare * 100, 0)}%)`;
  console.log(`  ${batches.map(verdict).join("; ")}`);
}
