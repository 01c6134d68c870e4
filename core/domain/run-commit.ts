import type { StepRun } from "./run";
import type { StoredEvent } from "./run-history";
import type { RunRecord } from "./run-record";
import type { RunSlot, SlotMove, ThrottleStart } from "./run-slots";
import type { RunStatus } from "./statuses";
import type { StepCountMove } from "./step-counter";

/**
 * One atomic change of a run: committed as a single conditional write, or not at all. It says what happened
 * (the run as the change leaves it, the events and step-run snapshots it records, whether they are announced);
 * where that history is stored, and what the run kept before it, is the store's decision (ports/store/runs.ts,
 * RunStore.commit).
 */
export interface RunCommit {
  expectedVersion: number;
  /** The run's status as the change found it: whether the change ends or revives it. */
  statusBefore: RunStatus;
  /**
   * The run as the change leaves it. `recent` is the history the run held as read; once the change commits,
   * the store sets it in place to what the run holds as written (RunStore.commit).
   */
  run: RunRecord;
  /** The events this change records. */
  events: StoredEvent[];
  /** Snapshots of the step runs this change touched, latest state. */
  stepRuns: StepRun[];
  /**
   * The change's events are announced: webhook deliveries and approver mail are sent from the run-event
   * outbox, which the store writes them to with the change, so a dispatch lost after the commit is found by
   * the sweeper.
   */
  announced?: boolean;
  /**
   * Set in place by the store once an announced change commits: the outbox entry its dispatch names
   * (RunEventOutboxStore.journal).
   */
  outboxSeq?: number;
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
