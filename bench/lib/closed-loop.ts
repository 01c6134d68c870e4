import { performance } from "node:perf_hooks";
import type { Samples } from "./stats";

/**
 * The same closed-loop shape autocannon uses for HTTP: `connections` callers, each sending its next request
 * as soon as the previous one answers, until the duration ends. An operation returns false when it got an
 * answer that does not count as a success.
 */
export async function runClosedLoop(
  connections: number,
  durationMs: number,
  operation: () => Promise<boolean>,
): Promise<Samples> {
  const latenciesMs: number[] = [];
  let errors = 0;
  const start = performance.now();
  const end = start + durationMs;

  const caller = async () => {
    while (performance.now() < end) {
      const sent = performance.now();
      try {
        if (await operation()) latenciesMs.push(performance.now() - sent);
        else errors += 1;
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, caller));
  return { latenciesMs, errors, elapsedMs: performance.now() - start };
}
