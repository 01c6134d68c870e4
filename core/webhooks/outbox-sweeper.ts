import { isoAt } from "../domain/time";
import { webhookAttempt, webhookDispatch } from "../domain/webhook-messages";
import type { Deps } from "../ports/deps";
import { MAX_QUEUE_DELAY_MS } from "../ports/queue";
import type { SweepStore } from "../ports/store";

/** A dispatch or attempt normally arrives on time; the sweeper steps in for those overdue by this much. */
export const WEBHOOK_SWEEP_GRACE_MS = 2 * 60 * 1000;
const ENTRIES_PER_SHARD = 500;

/**
 * The webhook sibling of the engine's sweeper (core/engine/sweeper.ts), called beside it: re-sends the
 * dispatch of every commit whose webhook events are still in the outbox, and the attempt of every delivery
 * whose attempt is overdue (a lost message, a worker that died holding a claim). Re-sending what was not
 * lost does nothing: dispatch and attempts are idempotent. An entry not yet due (only with `dueBy` in the
 * future, as at local start-up) is sent with the delay that is left.
 */
export async function sweepWebhookOutbox(
  deps: Pick<Deps, "webhookQueue" | "clock" | "log"> & {
    store: Pick<SweepStore, "webhookOutbox" | "sweepShards">;
  },
  options: { graceMs?: number; dueBy?: string } = {},
): Promise<number> {
  const nowMs = deps.clock.nowMs();
  const dueBy = options.dueBy ?? isoAt(nowMs - (options.graceMs ?? WEBHOOK_SWEEP_GRACE_MS));
  let sent = 0;
  for (let shard = 0; shard < deps.store.sweepShards; shard++) {
    const entries = await deps.store.webhookOutbox.dueForSweep(shard, dueBy, ENTRIES_PER_SHARD);
    for (const entry of entries) {
      if (entry.kind === "outbox") {
        await deps.webhookQueue.send(webhookDispatch(entry.workspaceId, entry.runId, entry.journalSeq));
      } else {
        const delayMs = Math.min(Math.max(0, Date.parse(entry.dueAt) - nowMs), MAX_QUEUE_DELAY_MS);
        await deps.webhookQueue.send(
          webhookAttempt({ ...entry, id: entry.deliveryId }, entry.attempt),
          delayMs > 0 ? { delayMs } : {},
        );
      }
    }
    sent += entries.length;
  }
  if (sent > 0) deps.log.info({ sent, dueBy }, "webhook sweeper re-sent overdue dispatches and attempts");
  return sent;
}
