import { runEventDispatch, webhookAttempt } from "../domain/run-event-messages";
import { isoAt } from "../domain/time";
import type { Deps } from "../ports/deps";
import { MAX_QUEUE_DELAY_MS } from "../ports/queue";
import type { SweepStore } from "../ports/store";

/** A dispatch or attempt normally arrives on time; the sweeper steps in for those overdue by this much. */
export const RUN_EVENT_SWEEP_GRACE_MS = 2 * 60 * 1000;

/**
 * The run-event outbox's sibling of the engine's sweeper (core/engine/sweeper.ts), called beside it: re-sends
 * the dispatch of every commit whose events are still in the outbox, and the attempt of every webhook delivery
 * whose attempt is overdue (a lost message, a worker that died holding a claim). Re-sending what was not
 * lost does nothing: dispatch and attempts are idempotent. An entry not yet due (only with `dueBy` in the
 * future, as at local start-up) is sent with the delay that is left.
 */
export async function sweepRunEventOutbox(
  deps: Pick<Deps, "runEventQueue" | "clock" | "log"> & {
    store: Pick<SweepStore, "runEventOutbox">;
  },
  options: { graceMs?: number; dueBy?: string } = {},
): Promise<number> {
  const nowMs = deps.clock.nowMs();
  const dueBy = options.dueBy ?? isoAt(nowMs - (options.graceMs ?? RUN_EVENT_SWEEP_GRACE_MS));
  let sent = 0;
  for await (const entry of deps.store.runEventOutbox.dueForSweep(dueBy)) {
    if (entry.kind === "outbox") {
      await deps.runEventQueue.send(runEventDispatch(entry.workspaceId, entry.runId, entry.journalSeq));
    } else {
      const delayMs = Math.min(Math.max(0, Date.parse(entry.dueAt) - nowMs), MAX_QUEUE_DELAY_MS);
      await deps.runEventQueue.send(
        webhookAttempt({ ...entry, id: entry.deliveryId }, entry.attempt),
        delayMs > 0 ? { delayMs } : {},
      );
    }
    sent += 1;
  }
  if (sent > 0) deps.log.info({ sent, dueBy }, "run-event sweeper re-sent overdue dispatches and attempts");
  return sent;
}
