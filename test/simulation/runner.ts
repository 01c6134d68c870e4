/**
 * Many schedules, one seed each (consecutive from the first), and a failing one described so that it can
 * be replayed alone: the command, each broken invariant, and the events of the run it broke on.
 */
import { createMemoryRunsStore } from "../../core/adapters/memory/runs-store";
import { eventsOf, runSchedule, type ScheduleResult, type StoreUnderTest } from "./schedule";

/** Odd seeds run in a workspace with webhooks, so announcing commits take the run-event outbox's path too. */
export function memoryStore(seed: number): StoreUnderTest {
  const store = createMemoryRunsStore({ hasWebhooks: () => seed % 2 === 1 });
  return { store, dump: () => store.dump() };
}

export interface Summary {
  schedules: number;
  /** The first failing schedules (at most `stopAfter`), in seed order. */
  failures: ScheduleResult[];
  repeatedEffects: number;
  repeatsAfterOutcome: number;
  /** What happened, summed over the schedules: crashes by kind, doorbells lost, requests made… */
  counts: Record<string, number>;
  /** How the runs ended, by status. */
  statuses: Record<string, number>;
  elapsedMs: number;
}

export async function runSchedules(options: {
  firstSeed: number;
  schedules: number;
  store: (seed: number) => StoreUnderTest;
  /** Stop once this many schedules have failed. */
  stopAfter?: number;
  trace?: (line: string) => void;
  /** Told after each schedule: a long run interrupted still shows how far it got, and with how many failures. */
  progress?: (done: number, failed: number) => void;
}): Promise<Summary> {
  const started = performance.now();
  const summary: Summary = {
    schedules: 0,
    failures: [],
    repeatedEffects: 0,
    repeatsAfterOutcome: 0,
    counts: {},
    statuses: {},
    elapsedMs: 0,
  };
  for (let i = 0; i < options.schedules; i++) {
    const seed = options.firstSeed + i;
    const result = await runSchedule(seed, options.store(seed), { trace: options.trace });
    summary.schedules += 1;
    summary.repeatedEffects += result.observations.repeatedEffects;
    summary.repeatsAfterOutcome += result.observations.repeatsAfterOutcome;
    for (const [what, n] of Object.entries(result.counts)) add(summary.counts, what, n);
    for (const { run } of result.dump.runs) add(summary.statuses, run.status, 1);
    if (result.violations.length > 0) summary.failures.push(result);
    options.progress?.(summary.schedules, summary.failures.length);
    if (summary.failures.length >= (options.stopAfter ?? Number.POSITIVE_INFINITY)) break;
  }
  summary.elapsedMs = performance.now() - started;
  return summary;
}

function add(counts: Record<string, number>, what: string, n: number): void {
  counts[what] = (counts[what] ?? 0) + n;
}

/** A store broken on purpose can break one promise hundreds of times in a schedule; the first few say it. */
const MAX_VIOLATIONS_SHOWN = 12;

export function describeFailure(result: ScheduleResult): string {
  const lines = [
    `seed ${result.seed} broke an invariant; replay: npm run simulate -- --seed ${result.seed} --schedules 1`,
  ];
  const shown = result.violations.slice(0, MAX_VIOLATIONS_SHOWN);
  for (const violation of shown) {
    lines.push(
      `  ${violation.invariant}${violation.runId ? ` (${violation.runId})` : ""}: ${violation.detail}`,
    );
  }
  const more = result.violations.length - shown.length;
  if (more > 0) lines.push(`  … and ${more} more`);
  const runIds = new Set(shown.flatMap((violation) => (violation.runId ? [violation.runId] : [])));
  for (const runId of runIds) {
    lines.push(`  events of ${runId}:`);
    for (const event of eventsOf(result.dump, runId)) {
      const stepRun = event.stepRunId ? ` ${event.stepRunId}` : "";
      lines.push(`    #${event.seq} ${event.eventType}${stepRun} ${JSON.stringify(event.payload)}`);
    }
  }
  return lines.join("\n");
}
