import { round } from "./stats";
import { byPrefix, type Counts, count, sumPrefixed } from "./tally";

/** A phase's counters turned into figures per step (rounded for printing; the JSON carries the same). */
export interface StepFigures {
  /** DynamoDB requests by operation, per step. */
  requests: Counts;
  requestsTotal: number;
  /** Writes of a run at its expected version: the commit pipeline's commits. */
  commits: number;
  failedRequests: number;
  writeUnits: number;
  readUnits: number;
  /** Where the write units went: `table`, `gsi1`…`gsi5`. */
  writeUnitsBy: Counts;
  queueMessages: number;
  delayedMessages: number;
  schedules: number;
  invocations: number;
}

const per = (value: number, steps: number, digits = 4) => round(steps === 0 ? 0 : value / steps, digits);

export function figuresPerStep(counts: Counts, steps: number): StepFigures {
  const perStep = (values: Counts): Counts =>
    Object.fromEntries(Object.entries(values).map(([name, value]) => [name, per(value, steps)]));
  return {
    requests: perStep(byPrefix(counts, "ddb.req:")),
    requestsTotal: per(sumPrefixed(counts, "ddb.req:"), steps),
    commits: per(count(counts, "ddb.commit"), steps),
    failedRequests: per(sumPrefixed(counts, "ddb.fail:"), steps),
    writeUnits: per(sumPrefixed(counts, "ddb.wru:"), steps),
    readUnits: per(sumPrefixed(counts, "ddb.rru:"), steps),
    writeUnitsBy: perStep(byPrefix(counts, "ddb.wru@")),
    queueMessages: per(count(counts, "queue.send"), steps),
    delayedMessages: per(count(counts, "queue.delayed"), steps),
    schedules: per(count(counts, "scheduler.schedule"), steps),
    invocations: per(count(counts, "advance.calls"), steps),
  };
}

/** The sum of two phases' per-step figures: run creation, amortized over a run's steps, plus execution. */
export function addFigures(a: StepFigures, b: StepFigures): StepFigures {
  const addCounts = (x: Counts, y: Counts): Counts => {
    const sum: Counts = { ...x };
    for (const [key, value] of Object.entries(y)) sum[key] = round((sum[key] ?? 0) + value, 4);
    return sum;
  };
  const add = (x: number, y: number) => round(x + y, 4);
  return {
    requests: addCounts(a.requests, b.requests),
    requestsTotal: add(a.requestsTotal, b.requestsTotal),
    commits: add(a.commits, b.commits),
    failedRequests: add(a.failedRequests, b.failedRequests),
    writeUnits: add(a.writeUnits, b.writeUnits),
    readUnits: add(a.readUnits, b.readUnits),
    writeUnitsBy: addCounts(a.writeUnitsBy, b.writeUnitsBy),
    queueMessages: add(a.queueMessages, b.queueMessages),
    delayedMessages: add(a.delayedMessages, b.delayedMessages),
    schedules: add(a.schedules, b.schedules),
    invocations: add(a.invocations, b.invocations),
  };
}

/** Mean DynamoDB Local latency by operation in this phase: what the worker's wall time is made of. */
export function meanLatencyMs(counts: Counts): Counts {
  const latency: Counts = {};
  for (const [command, requests] of Object.entries(byPrefix(counts, "ddb.req:"))) {
    latency[command] = round(count(counts, `ddb.ms:${command}`) / requests, 2);
  }
  return latency;
}
