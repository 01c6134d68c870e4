import { createHash } from "node:crypto";

/**
 * gsi5's sweep partitions: `SWEEP#<shard>` hold the runs the engine's sweeper looks after (runs/), and
 * `WEBHOOKS#<shard>` what the webhook sweeper looks after: journal items whose webhook events are not
 * dispatched yet (the outbox, written by a run's commit) and deliveries with an attempt still to make
 * (webhooks/). Both sweepers read one partition per shard.
 */
export const SWEEP_SHARDS = 10;

export const WEBHOOK_SWEEP_PREFIX = "WEBHOOKS#";

/** Spreads the sweeper's index over a few partitions, so a busy region has no single hot index key. */
export function sweepShard(runId: string): number {
  return (createHash("sha256").update(runId).digest()[0] ?? 0) % SWEEP_SHARDS;
}
