import { QUEUE_COUNTERS } from "./queue-inference";
import { round } from "./stats";
import { PRICES, SQS_REQUESTS_PER_MESSAGE } from "./step-cost";
import { fixed, printTable } from "./table";
import type { Counts } from "./tally";

/**
 * The cost bench's arithmetic and report: a phase's counters (bench/lib/billing-proxy.ts, bench/lib/
 * queue-inference.ts) as units, the marginal units of a step ((units(2N) − units(N)) / (N·R)) and of a run
 * (a 1-step run's units minus one noop step), and their price at list prices (bench/lib/step-cost.ts).
 */
export type Units = Counts;

/** The measured bucket's units of one phase, flattened: wru, rru, wru@<kind>, failedWrites, q.<message>... */
export function phaseUnits(delta: Counts): Units {
  const units: Units = {};
  const add = (key: string, value: number) => {
    units[key] = (units[key] ?? 0) + value;
  };
  for (const [key, value] of Object.entries(delta)) {
    if (key.startsWith("q.")) add(key, value);
    if (!key.startsWith("work.")) continue;
    const name = key.slice("work.".length);
    if (name === "wru" || name === "rru" || name === "failwru")
      add(name === "failwru" ? "failedWru" : name, value);
    else if (name === "local.wru") add("localWru", value);
    else if (name === "local.rru") add("localRru", value);
    else if (name.startsWith("wru@") || name.startsWith("rru@")) add(name, value);
    else if (name.startsWith("fail:")) add("failedWrites", value);
    else if (name === "req") add("requests", value);
  }
  return units;
}

export function subtract(a: Units, b: Units): Units {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return Object.fromEntries([...keys].map((key) => [key, (a[key] ?? 0) - (b[key] ?? 0)]));
}

export function scale(a: Units, factor: number): Units {
  return Object.fromEntries(Object.entries(a).map(([key, value]) => [key, value * factor]));
}

/** Units per step: the difference between runs of 2N and of N steps, over the N·R extra steps. */
export function perStep(unitsN: Units, units2N: Units, n: number, runs: number): Units {
  return scale(subtract(units2N, unitsN), 1 / (n * runs));
}

/** Units per run (create, start, finish): a 1-step run's units less one noop step. */
export function perRun(baseline: Units, noopStep: Units, runs: number): Units {
  return subtract(scale(baseline, 1 / runs), noopStep);
}

export function queueMessages(units: Units): number {
  return QUEUE_COUNTERS.reduce((sum, key) => sum + (units[key] ?? 0), 0);
}

export interface Price {
  dynamoWrites: number;
  dynamoReads: number;
  /** Each message sent, received and deleted: 3 SQS requests. */
  sqs: number;
  /** EventBridge Scheduler one-shots (waits past 15 minutes); none in this workload. */
  scheduler: number;
  total: number;
}

/** Dollars per million (steps or runs) at list prices. */
export function pricePerMillion(units: Units): Price {
  const dynamoWrites = (units.wru ?? 0) * PRICES.dynamoWru;
  const dynamoReads = (units.rru ?? 0) * PRICES.dynamoRru;
  const sqs = queueMessages(units) * SQS_REQUESTS_PER_MESSAGE * PRICES.sqsRequest;
  const scheduler = (units["q.schedule"] ?? 0) * PRICES.schedulerInvocation;
  return {
    dynamoWrites: round(dynamoWrites, 4),
    dynamoReads: round(dynamoReads, 4),
    sqs: round(sqs, 4),
    scheduler: round(scheduler, 4),
    total: round(dynamoWrites + dynamoReads + sqs + scheduler, 4),
  };
}

export function rounded(units: Units, digits = 4): Units {
  return Object.fromEntries(
    Object.entries(units)
      .filter(([, value]) => Math.abs(value) > 1e-9)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, value]) => [key, round(value, digits)]),
  );
}

export interface ModeFigures {
  label: string;
  perStep: Record<string, Units>;
  perRun: Units;
  /** Per run, each created with one supersession key, as a trigger's runs are (without webhooks only). */
  perKeyedRun?: Units | undefined;
  /**
   * What a run's first llm step costs beyond a noop step in its place: its marginal cost and what the run
   * pays once for calling a model at all (the rollup of its costs), which the marginal step leaves out.
   */
  firstLlmStep?: Units | undefined;
  /** What a run started by an event trigger's fire costs beyond one created over the API (both of one noop step). */
  triggerFire?: Units | undefined;
}

/** The rows after the steps': per run, then what is paid once per run. */
function runRows(figures: ModeFigures): [string, Units][] {
  return [
    ["per run", figures.perRun],
    ...(figures.perKeyedRun ? [["per keyed run", figures.perKeyedRun] as [string, Units]] : []),
    ...(figures.firstLlmStep ? [["first llm step", figures.firstLlmStep] as [string, Units]] : []),
    ...(figures.triggerFire ? [["trigger fire", figures.triggerFire] as [string, Units]] : []),
  ];
}

/** One table: a row per step type and one per run; units, messages, dollars per million, Step Functions. */
export function printModeTable(figures: ModeFigures): void {
  const sfn = PRICES.stepFunctionsStandardTransition;
  const row = (name: string, units: Units, comparable: boolean) => {
    const price = pricePerMillion(units);
    return [
      name,
      fixed(units.wru ?? 0, 2),
      fixed(units.rru ?? 0, 2),
      fixed(queueMessages(units), 2),
      fixed(units.localWru ?? 0, 2),
      `$${fixed(price.dynamoWrites + price.dynamoReads, 2)}`,
      `$${fixed(price.sqs + price.scheduler, 2)}`,
      `$${fixed(price.total, 2)}`,
      comparable ? `$${fixed(sfn, 2)}` : "-",
      comparable ? fixed(price.total / sfn, 3) : "-",
    ];
  };
  console.log(`\n${figures.label}`);
  printTable(
    [
      "per step",
      "WRU",
      "RRU",
      "SQS msgs",
      "Local WRU",
      "DynamoDB $/M",
      "SQS $/M",
      "total $/M",
      "Step Fn $/M",
      "÷ Step Fn",
    ],
    [
      ...Object.entries(figures.perStep).map(([type, units]) => row(type, units, true)),
      ...runRows(figures).map(([name, units]) => row(name, units, false)),
    ],
    "  ",
  );
}

/** Where a step's write and read units go, by item kind and index: one line per step type. */
export function printBreakdown(figures: ModeFigures): void {
  console.log(`\n${figures.label}: where the units go (per step; per run last)`);
  const line = (name: string, units: Units) => {
    const parts = Object.entries(units)
      .filter(
        ([key, value]) => (key.startsWith("wru@") || key.startsWith("rru@")) && Math.abs(value) >= 0.005,
      )
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, value]) => `${key} ${fixed(value, 2)}`);
    const failed =
      (units.failedWrites ?? 0) > 0.005
        ? [`failed writes ${fixed(units.failedWrites ?? 0, 2)} (${fixed(units.failedWru ?? 0, 2)} WRU)`]
        : [];
    const messages = Object.entries(units)
      .filter(([key, value]) => key.startsWith("q.") && Math.abs(value) >= 0.005)
      .map(([key, value]) => `${key} ${fixed(value, 2)}`);
    console.log(`  ${name.padEnd(15)} ${[...parts, ...failed, ...messages].join(", ")}`);
  };
  for (const [type, units] of Object.entries(figures.perStep)) line(type, units);
  for (const [name, units] of runRows(figures)) line(name, units);
}
