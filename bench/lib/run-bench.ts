/**
 * What every bench's entry point does around its measurement: read the options, start what it measures,
 * stop that on Ctrl-C or SIGTERM and in any case at the end, and turn the outcome into the exit code.
 */
export interface BenchSpec<Options, Target extends { stop(): Promise<void> }> {
  /** Throws on a bad option; its message is printed and the bench exits 2 without starting anything. */
  readOptions(): Options;
  start(options: Options): Promise<Target>;
  /** What a signal stops, for the message: "the service". */
  stopping: string;
  /** The measurement; its answer is the exit code (0 valid, 1 not). A throw exits 1. */
  main(target: Target, options: Options): Promise<number>;
}

export async function runBench<Options, Target extends { stop(): Promise<void> }>(
  spec: BenchSpec<Options, Target>,
): Promise<void> {
  let options: Options;
  try {
    options = spec.readOptions();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 2;
    return;
  }
  const target = await spec.start(options);
  const interrupt = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping ${spec.stopping}`);
    void target.stop().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  };
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", interrupt);
  try {
    process.exitCode = await spec.main(target, options);
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  } finally {
    await target.stop();
  }
}

/** `--flag` as a whole number from 1 to `max`; throws with a message naming the flag otherwise. */
export function wholeNumberOption(flag: string, raw: string, max: number): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(`--${flag} takes a whole number from 1 to ${max}, got "${raw}"`);
  }
  return value;
}
