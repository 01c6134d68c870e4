import { createHash } from "node:crypto";

/**
 * gsi5's sweep partitions: `SWEEP#<shard>` hold the runs the engine's sweeper looks after (runs/), and
 * `WEBHOOKS#<shard>` what the run-event sweeper looks after: journal items whose events are not dispatched
 * yet (the run-event outbox, written by a run's commit, run-events/) and webhook deliveries with an attempt
 * still to make (webhooks/); the prefix is the layout of when webhooks were the outbox's one reader. A sweep
 * pass (sweep-pass.ts) reads each partition once.
 */
export const SWEEP_SHARDS = 10;

export const RUN_SWEEP_PREFIX = "SWEEP#";
export const WEBHOOK_SWEEP_PREFIX = "WEBHOOKS#";

/** Spreads the sweeper's index over a few partitions, so a busy region has no single hot index key. */
export function sweepShard(runId: string): number {
  return (createHash("sha256").update(runId).digest()[0] ?? 0) % SWEEP_SHARDS;
}
