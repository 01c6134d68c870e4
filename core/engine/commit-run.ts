import { CHILDREN_FOLLOW_UP_MS, type ChildStep } from "../domain/child-runs";
import { RunTransition } from "../domain/run-change";
import type { RunCommit } from "../domain/run-commit";
import { runDoorbell } from "../domain/run-messages";
import type { RunRecord } from "../domain/run-record";
import { LIVE_RUN_STATUSES } from "../domain/statuses";
import type { Deps } from "../ports/deps";
import type { CommitOutcome, RunChange, RunsStore } from "../ports/store";
import { observeCommit } from "../telemetry/observe-commit";
import { ringSlotQueue } from "./admission";
import { announceRunEvents } from "./announce-run-events";
import { cancelTransition, launchChildren, ringParent } from "./child-runs";
import { addLostCost, commitWithCosts } from "./commit-costs";
import { scheduleWake, wakeScheduleName } from "./wake";

/**
 * The one commit pipeline. Every change of a run, the engine's and every API operation's (create, cancel,
 * resume, retry, decide, supersede), is built in the domain (a RunTransition and what goes with it), then
 * committed through the Store port as one conditional write, then followed by its effects:
 *
 * - always, derived from what was committed: the wake-up its timer needs, the webhook dispatch of the events
 *   it announces, its spans and metrics, and the doorbells of
 *   the runs queued for a slot it gave back, or for the `queue_latest` slot of the supersession key of a run
 *   it ended (core/domain/run-slots.ts);
 * - when the change declares them: a doorbell for the run (an API operation handing the run back to the
 *   engine), and the removal of the schedule of a timer the change made moot.
 *
 * The cost of the attempt a change ends goes into the run item with the commit itself, and to the workspace's
 * rollups with the commit that stops the run (commit-costs.ts). Whatever is lost here if the process dies is
 * found again by the sweepers, because the commit itself recorded it (the sweep index, the run-event outbox);
 * children left to cancel, whose cost runs on meanwhile, by a doorbell rung before the commit (ringBeforeCommit).
 */
export interface DeclaredEffects {
  ringDoorbell?: boolean;
  /** The run as it was before the change, whose timer's schedule (if any) is to be cancelled. */
  cancelScheduleOf?: RunRecord;
  /** The step whose wait lists child runs to create (ChildrenWait.launch). */
  launchChildren?: ChildStep;
  /** Ended child runs, as read, whose outcomes the change took: each is marked told (tellChildren below). */
  tellChildren?: RunRecord[];
}

export type CommitDeps = Pick<
  Deps,
  | "queue"
  | "scheduler"
  | "clock"
  | "random"
  | "runEventQueue"
  | "log"
  | "mailer"
  | "feed"
  | "telemetry"
  | "ids"
> & {
  store: RunsStore;
};

/**
 * The transition as the commit pipeline commits it: when it announces webhook events and the workspace has
 * webhooks, or it asks people to decide an approval and the service mails them, it is announced (the store
 * writes its events to the outbox, whose dispatch delivers both); otherwise no webhook costs anything. Where
 * its history is kept is the store's to decide.
 */
export async function finishTransition(
  deps: Pick<CommitDeps, "mailer"> & { store: Pick<RunsStore, "webhooks"> },
  tx: RunTransition,
): Promise<RunCommit> {
  const mails = deps.mailer !== undefined && tx.notifiesApprovers();
  const events = tx.webhookEvents();
  const announced =
    events.length > 0 && (mails || (await deps.store.webhooks.subscribed(tx.run.workspaceId, events)));
  return tx.finish({ announced });
}

export async function commitRun(
  deps: CommitDeps,
  change: RunChange,
  effects: DeclaredEffects = {},
): Promise<CommitOutcome> {
  await ringBeforeCommit(deps, change);
  const outcome = await commitWithCosts(deps, change);
  if (outcome.kind === "conflict") {
    // The calls were paid for all the same: the run takes them in a commit of their own.
    if (change.cost) await addLostCost(deps, change.cost);
    return outcome;
  }
  await afterCommit(deps, change, effects);
  return outcome;
}

/**
 * The one follow-up sent before the commit, so that it survives a process that dies right after it: a change
 * that lists children to cancel (the parent cancelled or superseded, its step done with children still live)
 * has them cancelled by its after-commit effects, and a process that dies first would leave them running, and
 * spending, until the sweeper finds the parent (on AWS its 5-minute sweep bucket plus the sweeper's grace).
 * The parent's doorbell, delayed by CHILDREN_FOLLOW_UP_MS, finds the list still there only then; otherwise,
 * or when the commit loses its race, it finds nothing to do (one queue message and one read per such change).
 */
export async function ringBeforeCommit(deps: Pick<CommitDeps, "queue">, change: RunChange): Promise<void> {
  const { run } = change.commit;
  if (!run.childrenToCancel?.length) return;
  const doorbell = runDoorbell(run.workspaceId, run.id, run.priority);
  await deps.queue.send(doorbell, { delayMs: CHILDREN_FOLLOW_UP_MS });
}

/** The effects of a change that was committed (by commitRun, or within a run's creation). */
export async function afterCommit(
  deps: CommitDeps,
  change: RunChange,
  effects: DeclaredEffects = {},
): Promise<void> {
  const { run } = change.commit;
  // First, so a follower of the run's stream hears of it before the slower effects below.
  deps.feed?.publish(run.workspaceId, run.id, { kind: "committed" });
  await scheduleWake(deps, run);
  await announceRunEvents(deps, change.commit);
  const schedule = effects.cancelScheduleOf && wakeScheduleName(effects.cancelScheduleOf);
  // A timer the change did not end (a vote that leaves its approval open) keeps its schedule.
  if (schedule && schedule !== wakeScheduleName(run)) await deps.scheduler.cancel(schedule);
  if (effects.ringDoorbell) await deps.queue.send(runDoorbell(run.workspaceId, run.id, run.priority));
  if (effects.launchChildren) await launchChildren(deps, run, effects.launchChildren);
  if (run.childrenToCancel?.length) await cancelChildrenOf(deps, run);
  if (effects.tellChildren) await tellChildren(deps, effects.tellChildren);
  await ringParent(deps, run);
  const slot = change.commit.slot;
  // A place freed, or a run left the queue: the queued runs whose turn it now is start.
  if (slot && slot.kind !== "acquire") await ringSlotQueue(deps, run.workspaceId, slot.slot);
  const { ringsQueueOf } = change.commit;
  if (ringsQueueOf) await ringSlotQueue(deps, run.workspaceId, ringsQueueOf);
  observeCommit(deps, change.commit);
}

/**
 * Cancels the child runs a committed change of `parent` stopped waiting for (RunRecord.childrenToCancel), each
 * with its own children through the same effect, then commits the parent without the list. Repeatable: a
 * child already ended is left as it is. Returns whether the list is gone; if not (a child kept changing, the
 * parent kept moving), the parent's next advance tries again, and the sweep index keeps it due until then.
 * It lives beside the pipeline because the two call each other: each child's cancellation is a commitRun,
 * whose afterCommit cancels that child's own children.
 */
export async function cancelChildrenOf(deps: CommitDeps, parent: RunRecord): Promise<boolean> {
  for (const runId of parent.childrenToCancel ?? []) {
    if (!(await cancelChild(deps, parent.workspaceId, runId))) return false;
  }
  for (let attempt = 0, run: RunRecord | undefined = parent; attempt < MAX_ATTEMPTS; attempt++) {
    if (!run?.childrenToCancel) return true;
    const tx = new RunTransition(run, deps.clock.nowMs(), deps.ids);
    delete tx.run.childrenToCancel;
    const outcome = await commitRun(deps, { commit: await finishTransition(deps, tx) });
    if (outcome.kind === "committed") return true;
    run = await deps.store.runs.get(parent.workspaceId, parent.id);
  }
  return false;
}

const MAX_ATTEMPTS = 5;

/**
 * Marks told the ended children whose outcomes the parent's committed change took, which takes them out of
 * the sweep index: left there, the sweeper would ring each of them minutes later only for its worker to find
 * that the parent no longer waits (one doorbell, one invocation, two reads and this same write per child run).
 * One conditional write per child, on the record the parent read: a child that changed since (retried on its
 * own) or a process that dies first leaves the old way to tell it (child-runs.ts, tellParent).
 */
async function tellChildren(deps: CommitDeps, children: readonly RunRecord[]): Promise<void> {
  for (const child of children) {
    if (child.parentTold) continue;
    const tx = new RunTransition(child, deps.clock.nowMs(), deps.ids);
    tx.run.parentTold = true;
    await commitRun(deps, { commit: await finishTransition(deps, tx) });
  }
}

/** Whether the child is cancelled or had ended already. */
async function cancelChild(deps: CommitDeps, workspaceId: string, runId: string): Promise<boolean> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const run = await deps.store.runs.get(workspaceId, runId);
    if (!run || !LIVE_RUN_STATUSES.includes(run.status)) return true;
    const tx = new RunTransition(run, deps.clock.nowMs(), deps.ids);
    const settleApproval = await cancelTransition(deps, tx);
    // Its parent is the one cancelling it: there is no end to tell it about, and no ring to make good.
    tx.run.parentTold = true;
    const commit = await finishTransition(deps, tx);
    const outcome = await commitRun(
      deps,
      { commit, ...(settleApproval ? { settleApproval } : {}) },
      { cancelScheduleOf: run },
    );
    if (outcome.kind === "committed") return true;
  }
  return false;
}
