import type { StoredEvent } from "../../core/domain/run-history";
import type { RunWithEvents } from "./engine-runs";
import { percentile, round } from "./stats";

/**
 * Latencies read back from the runs' events (their `createdAt`, millisecond resolution), so they are what
 * the store recorded rather than what the bench's own timers saw.
 */
export interface Distribution {
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export function distribution(values: readonly number[]): Distribution {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted[sorted.length - 1] ?? Number.NaN),
  };
}

export interface StepTiming {
  completedRuns: number;
  stepsCompleted: number;
  /** STEP_COMPLETED of step k to STEP_STARTED of step k+1: the "completion to next start". */
  gap: Distribution;
  /** Gaps of exactly 0 ms: both events carry the same commit time. */
  zeroGaps: number;
  /** STEP_STARTED of step k to STEP_STARTED of step k+1: one step's whole cycle (execute + commit). */
  cycle: Distribution;
  /** WORKFLOW_STARTED to WORKFLOW_COMPLETED. */
  run: Distribution;
}

const at = (event: StoredEvent) => Date.parse(event.createdAt);

export function stepTiming(runs: readonly RunWithEvents[]): StepTiming {
  const gaps: number[] = [];
  const cycles: number[] = [];
  const durations: number[] = [];
  let stepsCompleted = 0;
  let completedRuns = 0;
  for (const { run, events } of runs) {
    if (run.status === "COMPLETED") completedRuns += 1;
    let lastCompleted: number | undefined;
    let lastStarted: number | undefined;
    let started: number | undefined;
    for (const event of events) {
      if (event.eventType === "STEP_COMPLETED") {
        stepsCompleted += 1;
        lastCompleted = at(event);
      } else if (event.eventType === "STEP_STARTED") {
        if (lastCompleted !== undefined) gaps.push(at(event) - lastCompleted);
        if (lastStarted !== undefined) cycles.push(at(event) - lastStarted);
        lastCompleted = undefined;
        lastStarted = at(event);
      } else if (event.eventType === "WORKFLOW_STARTED") {
        started = at(event);
      } else if (event.eventType === "WORKFLOW_COMPLETED" && started !== undefined) {
        durations.push(at(event) - started);
      }
    }
  }
  return {
    completedRuns,
    stepsCompleted,
    gap: distribution(gaps),
    zeroGaps: gaps.filter((gap) => gap === 0).length,
    cycle: distribution(cycles),
    run: distribution(durations),
  };
}

/** How late each run's first step (a timer) ended after the time it asked for. */
export function wakeLateness(runs: readonly RunWithEvents[], waitMs: number): Distribution {
  const lateness: number[] = [];
  for (const { events } of runs) {
    const started = events.find((event) => event.eventType === "STEP_STARTED");
    const completed = events.find(
      (event) => event.eventType === "STEP_COMPLETED" && event.stepRunId === started?.stepRunId,
    );
    if (started && completed) lateness.push(at(completed) - at(started) - waitMs);
  }
  return distribution(lateness);
}
