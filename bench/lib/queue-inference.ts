import { fromJournalItem, fromRunItem } from "../../core/adapters/dynamodb/runs/run-items";
import { WEBHOOK_SWEEP_PREFIX } from "../../core/adapters/dynamodb/table/sweep-index";
import type { StoredEvent } from "../../core/domain/run-history";
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
 * (core/engine/announce-run-events.ts: one webhook dispatch per commit that wrote the run-event outbox, a
 * journal item with `WEBHOOKS#` gsi5 keys: only in workspaces with webhooks), `q.attempt`
 * (core/webhooks/deliver.ts queues the next attempt after a failed one; attempt 1 is made by the dispatcher
 * that creates the delivery, with no message).
 *
 * Not inferred: the doorbell a worker rings for itself after 50 steps or its time budget in one invocation
 * (core/engine/advance-run.ts; no write marks it), retries of a message whose handler threw, and the sweepers'
 * re-sends (the bench counts the entries the sweeps found instead).
 */
export function inferQueueMessages(commit: ObservedCommit, tally: Tally, nowMs = Date.now()): void {
  if (
    newEvents(commit).some((e) => e.eventType === "SIGNAL_RECEIVED" || e.eventType === "APPROVAL_DECIDED")
  ) {
    tally.add("q.ring");
  }
  for (const write of commit.writes) {
    const { before, after } = write;
    const sk = write.key.sk?.S ?? "";
    if (!after) continue;
    if (sk === "RUN" && write.action === "Put") {
      if (!before) tally.add("q.create");
      const wakeAtMs = timedWakeAtMs(fromRunItem(unmarshallItem(after)));
      if (wakeAtMs !== undefined) tally.add(wakeAtMs - nowMs <= MAX_QUEUE_DELAY_MS ? "q.wake" : "q.schedule");
    } else if (
      sk.startsWith("JRN#") &&
      after.gsi5pk?.S?.startsWith(WEBHOOK_SWEEP_PREFIX) &&
      !before?.gsi5pk
    ) {
      tally.add("q.dispatch");
    } else if (
      sk.startsWith("DELIVERY#") &&
      before &&
      after.status?.S === "pending" &&
      attemptCount(after) > attemptCount(before)
    ) {
      tally.add("q.attempt");
    }
  }
}

/**
 * The events a run commit recorded: those numbered past the run's `eventSeq` before it, found in the run
 * item's kept history or in a journal item the same commit wrote (docs/data-model.md, "Runs and their history").
 */
function newEvents(commit: ObservedCommit): StoredEvent[] {
  const runWrite = commit.writes.find((write) => write.key.sk?.S === "RUN" && write.after);
  if (!runWrite?.after) return [];
  const fromSeq = runWrite.before ? fromRunItem(unmarshallItem(runWrite.before)).eventSeq : 0;
  const histories = [
    fromRunItem(unmarshallItem(runWrite.after)).recent,
    ...commit.writes
      .filter((write) => write.key.sk?.S?.startsWith("JRN#") && write.after)
      .map((write) => fromJournalItem(unmarshallItem(write.after as WireItem))),
  ];
  const events = new Map<number, StoredEvent>();
  for (const history of histories) {
    for (const event of history?.events ?? []) {
      if (event.seq > fromSeq) events.set(event.seq, event);
    }
  }
  return [...events.values()];
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
