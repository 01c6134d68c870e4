/**
 * What can go wrong at a port call. Crashes are not thrown: an exception would pass through the engine's
 * own catch blocks (a failed advance is counted, a lost webhook dispatch is logged) and code after the
 * crash would run. The interleaver instead never answers a dead actor again, which is what a process that
 * is gone looks like to everyone else; its lease then runs out, and SQS may hand its doorbell on.
 *
 * - crash-before: the process dies before the call reaches the port; nothing is applied.
 * - lost-response: the port applies the call (the store commits, the message is queued) and the process
 *   dies before the answer reaches it.
 * - crash-after: the answer arrives and the process dies at its next call, e.g. after a commit and before
 *   the commit's after-effects (the wake-up, the doorbell, the schedule removal).
 * - unavailable: the port refuses the call with an error (throttling, a 5xx); the caller lives on.
 */
import type { Random } from "./random";

export type Fault = "crash-before" | "lost-response" | "crash-after" | "unavailable";

const FAULT_WEIGHTS: Record<Fault, number> = {
  "crash-before": 3,
  "lost-response": 3,
  "crash-after": 2,
  unavailable: 1,
};

/** The fault at one call, if any: each call is hit with probability `rate`. */
export function drawFault(random: Random, rate: number): Fault | undefined {
  return random.chance(rate) ? random.weighted(FAULT_WEIGHTS) : undefined;
}

/** A transient port failure: thrown to the caller, nothing applied. */
export class PortUnavailable extends Error {
  constructor(what: string) {
    super(`${what}: service unavailable (simulated)`);
    this.name = "PortUnavailable";
  }
}
