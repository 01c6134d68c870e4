import type { EventPayloads, EventType } from "./events";
import type { IdGenerator } from "./ids";
import type { StepRun } from "./run";
import type { RunCommit } from "./run-commit";
import type { Lease } from "./run-cursor";
import type { StoredEvent } from "./run-history";
import type { RunRecord } from "./run-record";
import { slotMove, supersessionSlotFreed, type ThrottleStart } from "./run-slots";
import { assertRunTransition, assertStepTransition, type RunStatus, StepRunStatus } from "./statuses";
import type { StepDefinition } from "./step";
import { TreeStepTally } from "./step-counter";
import { isoAt } from "./time";
import { type WebhookEventName, webhookEventsOf } from "./webhook-events";

/** The run events that ask people to decide an approval: each is mailed to them when mail is on. */
export const APPROVER_NOTICES: ReadonlySet<string> = new Set([
  "APPROVAL_REQUESTED",
  "APPROVAL_REMINDER_SENT",
  "APPROVAL_ESCALATED",
]);

export interface FinishOptions {
  /** The change's events are announced through the run-event outbox: see RunCommit.announced. */
  announced?: boolean;
}

/**
 * Accumulates one transition of a run: status changes checked against the state tables, events numbered
 * in order, step-run snapshots. Pure: nothing is written until the store commits `finish()`.
 */
export class RunTransition {
  readonly run: RunRecord;
  readonly nowMs: number;
  private readonly expectedVersion: number;
  private readonly events: StoredEvent[] = [];
  private readonly touched = new Map<string, StepRun>();
  private readonly statusBefore: RunStatus;
  private throttleStart: ThrottleStart | undefined;
  private readonly treeSteps = new TreeStepTally();

  constructor(
    before: RunRecord,
    nowMs: number,
    private readonly ids: IdGenerator,
  ) {
    this.run = structuredClone(before);
    this.expectedVersion = before.version;
    this.statusBefore = before.status;
    this.nowMs = nowMs;
    this.run.version = before.version + 1;
    this.run.updatedAt = isoAt(nowMs);
  }

  get now(): string {
    return isoAt(this.nowMs);
  }

  setRunStatus(to: RunStatus): void {
    if (this.run.status === to) return;
    assertRunTransition(this.run.status, to);
    this.run.status = to;
    // Started, cancelled or superseded, a run no longer waits for its slot or throttle.
    delete this.run.waiting;
    // A child run revived by the retry endpoint has a new end to tell its parent about.
    delete this.run.parentTold;
    delete this.run.failureCode;
  }

  /** The run's tree had counted `read` steps when the run was read (RunRecord.stepCounter). */
  countTreeSteps(read: number): void {
    this.treeSteps.countRead(read);
  }

  /**
   * The step executions the run's bound counts so far, this change's included: its tree's, once its steps
   * are counted there, else its own. The commit holds it to the bound (step-counter.ts).
   */
  stepsCounted(): number {
    return this.treeSteps.counted(this.run.stepCounter, this.run.stepsExecuted);
  }

  /**
   * The run starts child runs: from this change on, its steps and theirs are counted together, in a counter
   * this change opens with the run's own count (a child's tree has one already).
   */
  openStepCounter(): void {
    if (this.run.stepCounter !== undefined) return;
    this.run.stepCounter = this.run.id;
    this.treeSteps.open();
  }

  /** The change stops waiting for these child runs: they are to be cancelled once it commits. */
  stopWaitingForChildren(runIds: readonly string[]): void {
    if (runIds.length === 0) return;
    this.run.childrenToCancel = [...new Set([...(this.run.childrenToCancel ?? []), ...runIds])];
  }

  record<T extends EventType>(
    eventType: T,
    payload: EventPayloads[T],
    stepRunId: string | null = null,
  ): void {
    this.run.eventSeq += 1;
    this.events.push({
      id: this.ids("event"),
      seq: this.run.eventSeq,
      workflowRunId: this.run.id,
      stepRunId,
      eventType,
      payload,
      createdAt: this.now,
    });
  }

  /** The run's start counts against its throttle, with the key's starts as read (ThrottleStart). */
  recordThrottleStart(start: ThrottleStart): void {
    this.throttleStart = start;
  }

  /** A new step run for the step at `stepIndex`, RUNNING under `lease`, with its STEP_STARTED event. */
  startStep(step: StepDefinition, stepIndex: number, lease: Lease): StepRun {
    this.run.stepRunSeq += 1;
    this.run.stepsExecuted += 1;
    this.treeSteps.stepStarted();
    const stepRun: StepRun = {
      id: this.ids("stepRun"),
      workflowRunId: this.run.id,
      stepName: step.name,
      stepType: step.type,
      status: StepRunStatus.Running,
      attempt: 1,
      input: null,
      output: null,
      error: null,
      startedAt: this.now,
      completedAt: null,
      createdAt: this.now,
      updatedAt: this.now,
    };
    this.run.active = { stepRun, stepIndex, lease, wait: null, retryAtMs: null };
    this.run.nextStepName = null;
    this.touched.set(stepRun.id, stepRun);
    this.record("STEP_STARTED", { stepName: step.name, stepType: step.type, attempt: 1 }, stepRun.id);
    return stepRun;
  }

  /**
   * A rerun's copy of `source`, a step run of the run it reruns: COMPLETED as it was there, with STEP_COPIED.
   * Not an execution: the step limit does not count it.
   */
  copyStep(source: StepRun): void {
    this.run.stepRunSeq += 1;
    const copy: StepRun = {
      ...source,
      id: this.ids("stepRun"),
      workflowRunId: this.run.id,
      updatedAt: this.now,
      copiedFrom: source.id,
    };
    this.touched.set(copy.id, copy);
    this.record("STEP_COPIED", { stepName: copy.stepName, copiedFrom: source.id }, copy.id);
  }

  /** The active step's next attempt (after a failure with retries left, or the retry endpoint). */
  restartActiveStep(lease: Lease): StepRun {
    const active = this.requireActive();
    this.setStepStatus(StepRunStatus.Running, { error: null, completedAt: null });
    active.stepRun.attempt += 1;
    active.stepRun.startedAt = this.now;
    active.lease = lease;
    active.retryAtMs = null;
    active.wait = null;
    this.record(
      "STEP_STARTED",
      {
        stepName: active.stepRun.stepName,
        stepType: active.stepRun.stepType,
        attempt: active.stepRun.attempt,
      },
      active.stepRun.id,
    );
    return active.stepRun;
  }

  setStepStatus(
    to: StepRunStatus,
    fields: Partial<Pick<StepRun, "input" | "output" | "error" | "completedAt">> = {},
  ) {
    const active = this.requireActive();
    if (active.stepRun.status !== to) assertStepTransition(active.stepRun.status, to);
    Object.assign(active.stepRun, fields, { status: to, updatedAt: this.now });
    this.touched.set(active.stepRun.id, active.stepRun);
  }

  requireActive() {
    if (!this.run.active) throw new Error(`run ${this.run.id} has no active step`);
    return this.run.active;
  }

  /** About what this change's history takes as JSON: the batching of side-effect-free steps stops early on it. */
  journalBytes(): number {
    return Buffer.byteLength(JSON.stringify({ events: this.events, stepRuns: [...this.touched.values()] }));
  }

  /** The webhook events the change's events announce (none: webhooks are told nothing of it). */
  webhookEvents(): WebhookEventName[] {
    return webhookEventsOf(this.events);
  }

  /** True when the change asks people to decide an approval (a request, a reminder, an escalation). */
  notifiesApprovers(): boolean {
    return this.events.some((event) => APPROVER_NOTICES.has(event.eventType));
  }

  /**
   * The change as it is to be committed. The step run still active at the end is left out of the snapshots:
   * the run carries its latest state, and its snapshot is kept once it stops being active. Where the change's
   * history is stored (beside the run, or apart from it) is the store's to decide as it commits the change.
   */
  finish(options: FinishOptions = {}): RunCommit {
    const activeId = this.run.active?.stepRun.id;
    const commit: RunCommit = {
      expectedVersion: this.expectedVersion,
      statusBefore: this.statusBefore,
      run: this.run,
      events: this.events,
      stepRuns: [...this.touched.values()]
        .filter((stepRun) => stepRun.id !== activeId)
        .map((stepRun) => structuredClone(stepRun)),
    };
    if (options.announced === true && this.events.length > 0) commit.announced = true;
    const slot = slotMove(this.run.slot, this.statusBefore, this.run.status);
    if (slot) commit.slot = slot;
    const freed = supersessionSlotFreed(this.run, this.statusBefore, this.run.status);
    if (freed) commit.ringsQueueOf = freed;
    if (this.throttleStart) commit.throttleStart = this.throttleStart;
    const stepCount = this.treeSteps.move(this.run.stepCounter, this.run.stepsExecuted);
    if (stepCount) commit.stepCount = stepCount;
    return commit;
  }
}
