import { round } from "./stats";

/**
 * AWS list prices, us-east-1, on demand, no free tier (shared guide aws-costs-reliability-security.md,
 * sections 1-3). Dollars per million units unless named otherwise.
 */
export const PRICES = {
  dynamoWru: 0.625,
  dynamoRru: 0.125,
  sqsRequest: 0.4,
  lambdaRequest: 0.2,
  /** arm64, per GB-second (not per million). */
  lambdaGbSecond: 0.0000133334,
  lambdaMemoryGb: 0.5,
  schedulerInvocation: 1.0,
  stepFunctionsStandardTransition: 25,
} as const;

/**
 * Each message is sent, received and deleted: 3 requests. The upper bound: an ESM batch of 10 shares one
 * receive and one delete among 10 messages, (1 + 0.1 + 0.1) requests each.
 */
export const SQS_REQUESTS_PER_MESSAGE = 3;

/** What one step needs, measured. */
export interface PerStep {
  writeUnits: number;
  readUnits: number;
  /** Doorbells sent to the queue (each one SQS message). */
  queueMessages: number;
  /** EventBridge Scheduler one-shots; each later sends one SQS message too. */
  schedules: number;
  /** Worker invocations: one Lambda invocation per SQS message at batch size 1. */
  invocations: number;
  /** Billed Lambda duration per step. */
  lambdaMs: number;
}

export interface CostLines {
  dynamoWrites: number;
  dynamoReads: number;
  sqs: number;
  scheduler: number;
  lambdaRequests: number;
  lambdaDuration: number;
}

/** Dollars per million steps, line by line; steps × per-step units × $ per million units. */
export function costPerMillionSteps(step: PerStep): CostLines {
  const sqsMessages = step.queueMessages + step.schedules;
  return {
    dynamoWrites: step.writeUnits * PRICES.dynamoWru,
    dynamoReads: step.readUnits * PRICES.dynamoRru,
    sqs: sqsMessages * SQS_REQUESTS_PER_MESSAGE * PRICES.sqsRequest,
    scheduler: step.schedules * PRICES.schedulerInvocation,
    lambdaRequests: step.invocations * PRICES.lambdaRequest,
    lambdaDuration: (step.lambdaMs / 1000) * PRICES.lambdaMemoryGb * PRICES.lambdaGbSecond * 1e6,
  };
}

export interface CostSummary {
  linesPerMillionSteps: CostLines;
  totalPerMillionSteps: number;
  stepFunctionsPerMillionSteps: number;
  /** Our total as a share of Step Functions Standard's; the goal is ≤ 0.1. */
  ratioToStepFunctions: number;
  meetsTenthGoal: boolean;
  dominantLine: keyof CostLines;
  dominantShare: number;
}

export function summarizeCost(step: PerStep): CostSummary {
  const lines = costPerMillionSteps(step);
  const entries = Object.entries(lines) as [keyof CostLines, number][];
  const total = entries.reduce((sum, [, value]) => sum + value, 0);
  const [dominantLine, dominantValue] = entries.reduce((max, entry) => (entry[1] > max[1] ? entry : max));
  const sfn = PRICES.stepFunctionsStandardTransition;
  return {
    linesPerMillionSteps: Object.fromEntries(
      entries.map(([name, value]) => [name, round(value, 4)]),
    ) as unknown as CostLines,
    totalPerMillionSteps: round(total, 4),
    stepFunctionsPerMillionSteps: sfn,
    ratioToStepFunctions: round(total / sfn, 4),
    meetsTenthGoal: total <= sfn / 10,
    dominantLine,
    dominantShare: round(total === 0 ? 0 : dominantValue / total, 3),
  };
}

/**
 * A timer of at most 15 minutes can ride SQS (DelaySeconds) or EventBridge Scheduler. Only the scheduling
 * part differs: either way the doorbell then arrives through SQS and is received and deleted.
 */
export function delayComparison() {
  const sqsDelaySeconds = PRICES.sqsRequest;
  const scheduler = PRICES.schedulerInvocation + PRICES.sqsRequest;
  const delivery = 2 * PRICES.sqsRequest;
  return {
    sqsDelaySecondsPerMillionWaits: round(sqsDelaySeconds, 4),
    schedulerPerMillionWaits: round(scheduler, 4),
    deliveryPerMillionWaitsBoth: round(delivery, 4),
    cheaper: sqsDelaySeconds <= scheduler ? "SQS DelaySeconds" : "EventBridge Scheduler",
    savingPerMillionWaits: round(Math.abs(scheduler - sqsDelaySeconds), 4),
    schedulingCostRatio: round(scheduler / sqsDelaySeconds, 2),
    allInRatio: round((scheduler + delivery) / (sqsDelaySeconds + delivery), 2),
  };
}
