import { parseArgs } from "node:util";
import { wholeNumberOption } from "../../bench/lib/run-bench";
import { describeFailure, memoryStore, runSchedules } from "./runner";

/**
 * The simulation from the command line: `npm run simulate -- --schedules 10000 --seed 1` runs schedules
 * with seeds 1..10000 against the in-memory store, prints each failing one (at most --show) with the
 * command that replays it alone, and exits 1 if any failed. `--trace` prints every move and port call
 * (for one replayed seed).
 */
const MAX_SEED = 2 ** 32 - 1;
const PROGRESS_EVERY = 1000;

function readOptions() {
  const { values } = parseArgs({
    options: {
      seed: { type: "string", default: "1" },
      schedules: { type: "string", default: "1000" },
      show: { type: "string", default: "3" },
      trace: { type: "boolean", default: false },
    },
  });
  return {
    seed: wholeNumberOption("seed", values.seed, MAX_SEED),
    schedules: wholeNumberOption("schedules", values.schedules, 10_000_000),
    show: wholeNumberOption("show", values.show, 1000),
    trace: values.trace,
  };
}

let options: ReturnType<typeof readOptions>;
try {
  options = readOptions();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}

const summary = await runSchedules({
  firstSeed: options.seed,
  schedules: options.schedules,
  store: memoryStore,
  stopAfter: options.show,
  trace: options.trace ? (line) => console.log(line) : undefined,
  // Every 1,000 schedules a line: a run of hours that is stopped still says how far it got without a violation.
  progress: (done, failed) => {
    if (done % PROGRESS_EVERY === 0) {
      console.log(
        `${done} schedules (seeds ${options.seed}..${options.seed + done - 1}), ${failed} with violations`,
      );
    }
  },
});
for (const failure of summary.failures) console.log(`${describeFailure(failure)}\n`);
const seconds = summary.elapsedMs / 1000;
console.log(
  `${summary.schedules} schedules (seeds ${options.seed}..${options.seed + summary.schedules - 1}), ` +
    `${summary.failures.length} with violations${summary.failures.length >= options.show ? " (stopped)" : ""}, ` +
    `${seconds.toFixed(1)} s, ${Math.round(summary.schedules / seconds)} schedules/s`,
);
const tally = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([what, n]) => `${what} ${n}`)
    .join(", ");
console.log(`runs ended: ${tally(summary.statuses)}`);
console.log(`happened: ${tally(summary.counts)}`);
console.log(
  `effects repeated with one idempotency key: ${summary.repeatedEffects}, ` +
    `of which sent after another worker committed the attempt's outcome: ${summary.repeatsAfterOutcome}`,
);
process.exitCode = summary.failures.length > 0 ? 1 : 0;
