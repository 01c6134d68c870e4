import { ledgerDueAtMs } from "./cost-ledger";
import { waitDueAtMs } from "./run-cursor";
import { mustTellParent } from "./run-lineage";
import type { RunRecord } from "./run-record";
import { RunStatus } from "./statuses";

/**
 * When a run next needs a worker without anyone asking, and when the sweeper looks at it: what the sweep
 * index (gsi5) is keyed on, so that no run is lost (core/engine/README.md, invariant 4).
 */

/** An unclaimed next step, or a change still to make after a commit, is the queue's job; the sweeper steps in after this long. */
export const DOORBELL_GRACE_MS = 60_000;

/** How long a worker owns a started step by default; a worker that dies frees it when this runs out. */
export const DEFAULT_LEASE_MS = 10 * 60 * 1000;

/**
 * The sweep index keeps each run's next due time rounded up to this. Due times move at nearly every commit (a
 * lease runs from its step's start, a timer from its wait's), but rounded they rarely change, so a run's entry
 * (a GSI write each time it moves) is rewritten about once per bucket of the run's life instead of once per
 * step: at the price of the sweeper noticing a lost doorbell, a lost wake-up or a dead worker up to this much
 * later than it could. Timers themselves are not delayed: they have their own wake-up.
 */
export const SWEEP_BUCKET_MS = 5 * 60 * 1000;

/** When the sweeper looks at the run: its next due time rounded up to the sweep bucket. */
export function sweepDueAtMs(run: RunRecord): number | undefined {
  const due = nextDueAtMs(run);
  return due === undefined ? undefined : Math.ceil(due / SWEEP_BUCKET_MS) * SWEEP_BUCKET_MS;
}

/**
 * When the run next needs a worker without anyone asking: a timer, a deadline, a retry, or a lease that
 * runs out because its worker died. Undefined when only an outside action (a signal with no timeout, an
 * approval with no timeout, the retry endpoint) can move it.
 */
export function nextDueAtMs(run: RunRecord): number | undefined {
  const due = ownDueAtMs(run);
  // A stopped run whose cost rollup lost to a concurrent one on a shared item: rung to roll them up.
  const rollup = ledgerDueAtMs(run);
  if (rollup === undefined) return due;
  return due === undefined ? rollup : Math.min(due, rollup);
}

function ownDueAtMs(run: RunRecord): number | undefined {
  const updatedAtMs = Date.parse(run.updatedAt);
  // Cancelled after the commit that listed them; the sweeper makes good a process that died first.
  if (run.childrenToCancel?.length) return updatedAtMs + DOORBELL_GRACE_MS;
  if (run.status === RunStatus.Pending) {
    // Held back by its slot or throttle: when it looks again. A debounced run: when its window closes.
    if (run.waiting) return run.waiting.recheckAtMs;
    // Due when the lease its start takes would run out: that start (moments later) leaves the run's sweep entry
    // in its bucket, an index write fewer for every run that starts in a commit of its own, where a
    // lost doorbell is noticed up to 15 minutes after the creation instead of up to 6.
    return (run.debounceWindow?.startAtMs ?? updatedAtMs) + DEFAULT_LEASE_MS;
  }
  if (mustTellParent(run)) return updatedAtMs + DOORBELL_GRACE_MS;
  if (
    run.status !== RunStatus.Running &&
    run.status !== RunStatus.Waiting &&
    run.status !== RunStatus.Paused
  ) {
    return undefined;
  }
  const active = run.active;
  if (!active) return updatedAtMs + DOORBELL_GRACE_MS;
  if (active.lease) return active.lease.untilMs;
  if (active.retryAtMs !== null) return active.retryAtMs;
  if (active.wait) return waitDueAtMs(active.wait);
  return updatedAtMs + DOORBELL_GRACE_MS;
}
