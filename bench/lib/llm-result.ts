import { cpus } from "node:os";
import { batchFigures } from "./engine-result";
import { MODEL, type measureEngine } from "./llm-phases";
import { round, type Samples, summarize } from "./stats";
import { summarizeCost } from "./step-cost";
import { distribution } from "./step-timing";
import { byPrefix, count, sumPrefixed } from "./tally";

/** Everything the LLM bench measured; printed as tables and, on the last line, as one JSON object. */
export type LlmResult = ReturnType<typeof llmResult>;
type EngineBatch = Awaited<ReturnType<typeof measureEngine>>;
type CallSamples = Samples & { body: unknown };

export interface LlmBenchOptions {
  concurrency: number;
  durationMs: number;
  runs: number;
  createConcurrency: number;
}

const mean = (values: readonly number[]) =>
  round(values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length), 3);

function callFigures(samples: CallSamples) {
  const { requests, errors, rps, p50Ms, p99Ms } = summarize(samples);
  return { calls: requests, errors, callsPerSecond: rps, p50Ms, p99Ms, meanMs: mean(samples.latenciesMs) };
}

/** Per llm step, from the events: STEP_STARTED → STEP_COMPLETED (commit times) and the call's durationMs. */
function eventTiming(batch: EngineBatch) {
  const spans: number[] = [];
  const calls: number[] = [];
  for (const { events } of batch.runs) {
    const at = (type: string) => events.find((event) => event.eventType === type);
    const started = at("STEP_STARTED");
    const completed = at("STEP_COMPLETED");
    const payload = at("LLM_CALL_COMPLETED")?.payload as { durationMs?: number } | undefined;
    if (!started || !completed || payload?.durationMs === undefined) continue;
    spans.push(Date.parse(completed.createdAt) - Date.parse(started.createdAt));
    calls.push(payload.durationMs);
  }
  return {
    stepStartedToCompletedMs: distribution(spans),
    llmCallDurationMs: distribution(calls),
    addedMs: distribution(spans.map((span, i) => span - (calls[i] ?? 0))),
  };
}

export function llmResult(
  options: LlmBenchOptions,
  sdk: CallSamples,
  adapter: CallSamples,
  batch: EngineBatch,
) {
  const figures = batchFigures(batch);
  const steps = figures.steps;
  const withCall = batch.invocations.filter((timing) => timing.providerCalls > 0);
  const execution = batch.execution;
  const providerMsPerStep = count(execution, "llm.ms") / steps;
  const stepWall = distribution(withCall.map((timing) => timing.wallMs));
  const raw = callFigures(sdk);
  const sameBody = (body: unknown) => JSON.stringify(body) === JSON.stringify(sdk.body);
  const cpu = cpus();
  return {
    bench: "llm" as const,
    model: MODEL,
    provider: "fake OpenAI server on loopback (test/fakes/openai-server.ts), answering at once",
    concurrency: options.concurrency,
    durationMs: options.durationMs,
    sdk: raw,
    adapter: { ...callFigures(adapter), addedP50Ms: round(summarize(adapter).p50Ms - raw.p50Ms, 3) },
    engine: {
      runs: options.runs,
      steps,
      completedRuns: figures.timing.completedRuns,
      wallMs: figures.wallMs,
      llmStepsPerSecond: figures.stepsPerSecond,
      creationMs: figures.creationMs,
      createConcurrency: options.createConcurrency,
      llmCallsPerStep: round(count(execution, "llm.calls") / steps, 4),
      invocationsPerStep: figures.perStep.execution.invocations,
      /** Worker invocations that made the call: wall time, time inside the adapter, and the difference. */
      perCall: {
        invocationWallMs: stepWall,
        providerCallMs: distribution(withCall.map((timing) => timing.providerMs)),
        engineAddedMs: distribution(withCall.map((timing) => timing.wallMs - timing.providerMs)),
      },
      /** All worker time per step (every invocation) minus the time inside the adapter. */
      meanPerStep: {
        workerMs: figures.lambdaMsPerStep,
        providerCallMs: round(providerMsPerStep, 3),
        engineAddedMs: round(figures.lambdaMsPerStep - providerMsPerStep, 3),
        dynamoMs: round(sumPrefixed(execution, "ddb.ms:") / steps, 3),
        dynamoMsBy: Object.fromEntries(
          Object.entries(byPrefix(execution, "ddb.ms:")).map(([command, ms]) => [
            command,
            round(ms / steps, 2),
          ]),
        ),
        processCpuMs: figures.cpuMsPerStep,
      },
      addedBeyondRawSdkP50Ms: round(stepWall.p50Ms - raw.p50Ms, 2),
      events: eventTiming(batch),
      perStep: figures.perStep,
      dynamoLocalMeanMs: figures.dynamoLocalMeanMs,
      costExecutionOnly: summarizeCost({ ...figures.perStep.execution, lambdaMs: figures.lambdaMsPerStep }),
      costWithRunCreation: figures.cost,
    },
    sameRequestBody: {
      adapter: sameBody(adapter.body),
      engine: sameBody(batch.body),
    },
    machine: { cpu: cpu[0]?.model ?? "unknown", cpus: cpu.length, node: process.version },
    valid:
      raw.errors === 0 &&
      adapter.errors === 0 &&
      figures.timing.completedRuns === options.runs &&
      steps === options.runs &&
      count(execution, "advance.errors") === 0,
  };
}
