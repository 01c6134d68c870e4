/**
 * What a schedule asks of the service: a few small definitions drawn from every step type the engine runs
 * (noop, set_state, fail, http, llm on the development model, condition, wait, external_event, approval), a
 * few runs, and API requests that race the engine (cancel, resume, decide, retry, create with supersession in
 * each mode, rerun from a step, upgrade to another version of a definition); half the definitions limit how
 * many of their runs run at once, per key or in all.
 */
import type { Random } from "./random";

export { ESCALATION, OTHER_SIGNAL, SIGNAL, VOTERS } from "./people";
export { concurrencySetting, definitionSteps, nextVersion } from "./workload-definitions";
export type { Callable } from "./workload-steps";

/** A creation's priority, now and then. */
export function priority(random: Random): { priority?: number } {
  return random.chance(0.3) ? { priority: random.between(0, 9) } : {};
}

/** `items` feeds map steps: none, one, or a few. */
export function runInput(random: Random): Record<string, unknown> {
  const items = Array.from({ length: random.pick([0, 1, 3, 4]) }, (_, i) => i);
  return { n: random.int(100), flag: random.chance(0.5), items };
}

type Request =
  | "resume"
  | "signal"
  | "decide"
  | "retry"
  | "cancel"
  | "create"
  | "supersede"
  | "latest"
  | "rerun"
  | "upgrade";

export const REQUEST_WEIGHTS: Record<Request, number> = {
  resume: 4,
  signal: 2,
  decide: 4,
  retry: 2,
  cancel: 0.7,
  create: 1,
  /** A creation aimed at a run of its key that is executing a step (Clients.supersede). */
  supersede: 3,
  /** A few `queue_latest` creations on one key (Clients.queueLatest). */
  latest: 1.5,
  rerun: 1.5,
  upgrade: 3,
};
