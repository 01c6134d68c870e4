import { fromRunItem } from "../../core/adapters/dynamodb/run-items";
import type { StoredEvent } from "../../core/domain/run-change";
import { announcesWebhookEvent } from "../../core/domain/webhook-events";
import { timedWakeAtMs } from "../../core/engine/wake";
import { MAX_QUEUE_DELAY_MS } from "../../core/ports/queue";
import type { WireItem } from "./billed-units";
import type { ObservedCommit } from "./billing-proxy";
import { unmarshallItem } from "./dynamo-wire";
import type { Tally } from "./tally";

/**
 * The queue messages (SQS in AWS) the service sends, inferred from the writes the billing proxy saw, by the
 * rules of the code that sends them. The local service's queues are in-process and not observable from the
 * bench (and they coalesce duplicate doorbells, which SQS would not), so the messages are counted where they
 * are decided: each rule below names the code path, and fires on the commit that path follows.
 *
 * Counters: `q.create` (core/runs/create-run.ts: a doorbell after a run's creation), `q.ring`
 * (core/engine/commit-run.ts afterCommit with ringDoorbell: resume and decide, whose commits record
 * SIGNAL_RECEIVED / APPROVAL_DECIDED), `q.wake` (core/engine/wake.ts scheduleWake after every run commit whose
 * run then has a timed wake-up: an SQS delayed message up to 15 minutes ahead) and `q.schedule` (further
 * ahead: an EventBridge Scheduler one-shot, which later sends one message too), `q.dispatch`
 * (core/webhooks/announce.ts: one webhook dispatch per commit announcing a webhook event, whether or not the
 * workspace has webhooks: its journal item is written with the outbox's gsi5 keys), `q.attempt`
 * (core/webhooks/dispatch.ts queues attempt 1 of each delivery it creates; core/webhooks/deliver.ts queues the
 * next attempt after a failed one).
 *
 * Not inferred: the doorbell a worker rings for itself after 50 steps or its time budget in one invocation
 * (core/engine/advance-run.ts; no write marks it), retries of a message whose handler threw, and the sweepers'
 * re-sends (the bench counts the entries the sweeps found instead).
 */
export function inferQueueMessages(commit: ObservedCommit, tally: Tally, nowMs = Date.now()): void {
  for (const write of commit.writes) {
    const { before, after } = write;
    const sk = write.key.sk?.S ?? "";
    if (!after) continue;
    if (sk === "RUN" && write.action === "Put") {
      if (!before) tally.add("q.create");
      const wakeAtMs = timedWakeAtMs(fromRunItem(unmarshallItem(after)));
      if (wakeAtMs !== undefined) tally.add(wakeAtMs - nowMs <= MAX_QUEUE_DELAY_MS ? "q.wake" : "q.schedule");
    } else if (sk.startsWith("JRN#") && !before) {
      const events = journalEvents(after);
      if (announcesWebhookEvent(events)) tally.add("q.dispatch");
      if (events.some((e) => e.eventType === "SIGNAL_RECEIVED" || e.eventType === "APPROVAL_DECIDED")) {
        tally.add("q.ring");
      }
    } else if (sk.startsWith("DELIVERY#")) {
      if (!before) tally.add("q.attempt");
      else if (after.status?.S === "pending" && attemptCount(after) > attemptCount(before))
        tally.add("q.attempt");
    }
  }
}

function journalEvents(item: WireItem): StoredEvent[] {
  const json = item.journalJson?.S;
  if (!json) return [];
  return (JSON.parse(json) as { events?: StoredEvent[] }).events ?? [];
}

function attemptCount(item: WireItem): number {
  return item.attemptLog?.L?.length ?? 0;
}

/** Every queue message counter `inferQueueMessages` moves, in the order the report shows them. */
export const QUEUE_COUNTERS = [
  "q.create",
  "q.ring",
  "q.wake",
  "q.schedule",
  "q.dispatch",
  "q.attempt",
] as const;
