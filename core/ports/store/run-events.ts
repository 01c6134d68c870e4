import type { StoredEvent } from "../../domain/run-history";

/**
 * What the outbox's sweep index lists: a commit whose events are not dispatched yet, and a webhook delivery
 * whose next attempt is due (they travel on the same queue).
 */
export type RunEventSweepEntry =
  | { kind: "outbox"; workspaceId: string; runId: string; journalSeq: number; dueAt: string }
  | {
      kind: "delivery";
      workspaceId: string;
      webhookId: string;
      deliveryId: string;
      attempt: number;
      dueAt: string;
    };

/** A commit's events, whether its outbox entry is still there, and the run's parent when it is a child run. */
export interface OutboxJournal {
  events: StoredEvent[];
  pending: boolean;
  parentRunId?: string;
}

/**
 * The run-event outbox (core/run-events/): a commit whose events are announced keeps them listed in the
 * outbox until its dispatch has handed them to both subscribers (webhook deliveries, approver mail). Its
 * sweep index holds those entries and the webhook deliveries whose next attempt is due, which travel on the
 * same queue.
 */
export interface RunEventOutboxStore {
  /** A commit's events, and whether its outbox entry is still there (undefined: no such commit). */
  journal(workspaceId: string, runId: string, journalSeq: number): Promise<OutboxJournal | undefined>;
  /** Removes the outbox entry once both subscribers have what the commit's events ask of them. */
  clear(workspaceId: string, runId: string, journalSeq: number): Promise<void>;
  /** One pass over the outbox entries and delivery attempts due at or before `dueBy`, bounded as runs.overdue's. */
  dueForSweep(dueBy: string): AsyncIterable<RunEventSweepEntry>;
}
