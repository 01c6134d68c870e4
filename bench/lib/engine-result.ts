import { addFigures, figuresPerStep, meanLatencyMs, type StepFigures } from "./engine-figures";
import type { measureBatch } from "./engine-phases";
import { round } from "./stats";
import { type CostSummary, type delayComparison, summarizeCost } from "./step-cost";
import { type Distribution, type StepTiming, stepTiming } from "./step-timing";
import { type Counts, count } from "./tally";

export type Batch = Awaited<ReturnType<typeof measureBatch>>;

/** What one batch of runs measured, per step: the noop workload and the side-effect one alike. */
export interface BatchFigures {
  /** Creations that answered 409 after createRun's own retries on the workspace counters; the bench retried. */
  creationConflicts: number;
  steps: number;
  creationMs: number;
  wallMs: number;
  stepsPerSecond: number;
  timing: StepTiming;
  perStep: { creation: StepFigures; execution: StepFigures; total: StepFigures };
  dynamoLocalMeanMs: Counts;
  lambdaMsPerStep: number;
  cpuMsPerStep: number;
  cost: CostSummary;
  totalPerMillionStepsAtCpuTime: number;
}

/** The side-effect batch: the same steps run by a custom handler, so each step is a commit of its own. */
export interface SideEffectFigures extends BatchFigures {
  handler: string;
  runs: number;
  stepsPerRun: number;
}

/** Everything the engine bench measured; printed as tables and, on the last line, as one JSON object. */
export interface EngineResult extends BatchFigures {
  bench: "engine";
  runs: number;
  stepsPerRun: number;
  concurrency: number;
  createConcurrency: number;
  lambdaMsSource: string;
  sideEffects: SideEffectFigures;
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

export function batchFigures(batch: Batch): BatchFigures {
  const timing = stepTiming(batch.runs);
  const steps = timing.stepsCompleted;
  const creation = figuresPerStep(batch.creation, steps);
  const execution = figuresPerStep(batch.execution, steps);
  const total = addFigures(creation, execution);
  const lambdaMsPerStep = count(batch.execution, "advance.ms") / steps;
  const cpuMsPerStep = batch.cpuMs / steps;
  return {
    creationConflicts: batch.creationConflicts,
    steps,
    creationMs: Math.round(batch.creationMs),
    wallMs: Math.round(batch.wallMs),
    stepsPerSecond: round((steps / batch.wallMs) * 1000, 1),
    timing,
    perStep: { creation, execution, total },
    dynamoLocalMeanMs: meanLatencyMs(batch.execution),
    lambdaMsPerStep: round(lambdaMsPerStep),
    cpuMsPerStep: round(cpuMsPerStep),
    cost: summarizeCost({ ...total, lambdaMs: lambdaMsPerStep }),
    totalPerMillionStepsAtCpuTime: summarizeCost({ ...total, lambdaMs: cpuMsPerStep }).totalPerMillionSteps,
  };
}

/** Every run of the batch COMPLETED with all of its steps, and no worker invocation threw. */
export function completedCleanly(batch: Batch, figures: BatchFigures, runs: number, stepsPerRun: number) {
  return (
    figures.timing.completedRuns === runs &&
    figures.steps === runs * stepsPerRun &&
    count(batch.execution, "advance.errors") === 0
  );
}
