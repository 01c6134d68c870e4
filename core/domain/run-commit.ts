import type { StepRun, WorkflowEvent } from "./run";
import type { RunHistory } from "./run-history";
import type { RunRecord } from "./run-record";
import type { RunSlot, SlotMove, ThrottleStart } from "./run-slots";
import type { RunStatus } from "./statuses";
import type { StepCountMove } from "./step-counter";

export interface StoredEvent extends WorkflowEvent {
  seq: number;
}

/**
 * One atomic change of a run: committed as a single conditional write, or not at all. Its history (events and
 * step-run snapshots) goes into the run item's `recent`, or, for a change announced to webhooks, into a
 * journal item written with it; a commit may also file the history the run item kept so far.
 */
export interface RunCommit {
  expectedVersion: number;
  /** The run's status as the change found it: whether the change ends or revives it. */
  statusBefore: RunStatus;
  /** The run as the change leaves it, `recent` included. */
  run: RunRecord;
  /** The events this change records. */
  events: StoredEvent[];
  /** Snapshots of the step runs this change touched, latest state. */
  stepRuns: StepRun[];
  /**
   * History committed earlier that this change moves out of the run item into a journal item of its own.
   * It is committed already, so writing it before the change, and again by a racing writer, is harmless.
   */
  filed?: RunHistory;
  /**
   * History written with the change in a journal item of its own (the run's recent history and this change's):
   * a change announced to webhooks, whose journal item is listed in the webhook outbox until its events are
   * dispatched, or a change whose history is too large to keep in the run item.
   */
  journal?: { history: RunHistory; outbox: boolean };
  /** The run's slot taken, given back, or its queue left, with the change (derived from its status move). */
  slot?: SlotMove;
  /**
   * A slot whose queue is rung after the commit though the run held no place in it (run-slots.ts,
   * supersessionSlotFreed). Nothing is written for it.
   */
  ringsQueueOf?: RunSlot;
  /** The start this change records against the run's throttle. */
  throttleStart?: ThrottleStart;
  /** The steps this change starts, counted by the run's tree (step-counter.ts), or the counter it opens. */
  stepCount?: StepCountMove;
}
