import {
  type ChildStep,
  childRunId,
  liveChildIds,
  liveIndices,
  newChildRun,
  subWorkflowDefinitionId,
} from "../domain/child-runs";
import { pendingRun } from "../domain/new-run";
import { RunTransition } from "../domain/run-change";
import { runDoorbell } from "../domain/run-messages";
import type { RunRecord } from "../domain/run-record";
import { LIVE_RUN_STATUSES, RunStatus } from "../domain/statuses";
import { isoAt } from "../domain/time";
import type { Deps } from "../ports/deps";
import type { RunsStore } from "../ports/store";
import { type CommitDeps, commitRun, finishTransition } from "./commit-run";
import { endActiveStep } from "./end-active-step";

/**
 * The after-commit effects of child runs (docs/flow.md, "Child runs"). Each is repeatable and each, if lost,
 * is made good later: a child not created is created again when its parent next looks (ChildrenWait.pollAtMs
 * keeps the parent in the sweep index), a lost ring of the parent is made good by the same look, and a lost
 * cancellation by the parent's next advance (RunRecord.childrenToCancel keeps it in the sweep index).
 */
export type ChildDeps = CommitDeps & Pick<Deps, "ids">;

/** Creates the children the committed parent's wait lists in `launch` (again is harmless), and rings them. */
export async function launchChildren(deps: ChildDeps, parent: RunRecord, step: ChildStep): Promise<void> {
  const wait = parent.active?.wait;
  if (wait?.kind !== "children" || wait.launch.length === 0) return;
  const budget =
    step.type === "sub_workflow"
      ? (await deps.store.definitions.get(parent.workspaceId, subWorkflowDefinitionId(parent, step)))?.budget
      : undefined;
  const createdAt = isoAt(deps.clock.nowMs());
  for (const index of wait.launch) {
    const run = pendingRun(newChildRun(parent, step, index, createdAt, budget));
    // An existing child (a repeat of this effect) comes back as a conflict: it is there, which is the point.
    await deps.store.runs.create({ run, supersede: async () => [] });
    await deps.queue.send(runDoorbell(parent.workspaceId, run.id));
  }
}

/**
 * Cancels the child runs a committed change of `parent` stopped waiting for (RunRecord.childrenToCancel), each
 * with its own children through the same effect, then commits the parent without the list. Repeatable: a
 * child already ended is left as it is. Returns whether the list is gone; if not (a child kept changing, the
 * parent kept moving), the parent's next advance tries again, and the sweep index keeps it due until then.
 */
export async function cancelChildrenOf(deps: ChildDeps, parent: RunRecord): Promise<boolean> {
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

/** Whether the child is cancelled or had ended already. */
async function cancelChild(deps: ChildDeps, workspaceId: string, runId: string): Promise<boolean> {
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

/** The cancellation of a live run (spec 4.4 rule 2), its active step cancelled with it. */
export async function cancelTransition(deps: Pick<ChildDeps, "store">, tx: RunTransition) {
  tx.setRunStatus(RunStatus.Cancelled);
  const settleApproval = await endActiveStep(deps, tx);
  tx.run.nextStepName = null;
  tx.record("WORKFLOW_CANCELLED", {});
  return settleApproval;
}

/**
 * A child that ended, rung (by the sweeper, or a late doorbell): while its parent still counts it as live, it
 * rings the parent again (a ring after its end may have been lost); once the parent has taken its outcome or
 * stopped waiting for it, the transition that marks it told, which takes it out of the sweep index.
 */
export async function tellParent(deps: ChildDeps, run: RunRecord): Promise<RunTransition | undefined> {
  if (!run.parent) return undefined;
  if (await parentWaitsFor(deps, run)) {
    await deps.queue.send(runDoorbell(run.workspaceId, run.parent.runId));
    return undefined;
  }
  const tx = new RunTransition(run, deps.clock.nowMs(), deps.ids);
  tx.run.parentTold = true;
  return tx;
}

/**
 * A child about to start whose parent no longer waits for it: a launch that came late, after the parent was
 * cancelled or its step ended (and its children were cancelled, this one not yet created). It is cancelled
 * instead of started.
 */
export async function abandonedChild(deps: ChildDeps, run: RunRecord): Promise<RunTransition | undefined> {
  if (!run.parent || (await parentWaitsFor(deps, run))) return undefined;
  const tx = new RunTransition(run, deps.clock.nowMs(), deps.ids);
  await cancelTransition(deps, tx);
  tx.run.parentTold = true;
  return tx;
}

async function parentWaitsFor(deps: ChildDeps, run: RunRecord): Promise<boolean> {
  const parent = run.parent && (await deps.store.runs.get(run.workspaceId, run.parent.runId));
  return parent !== undefined && liveChildIds(parent).includes(run.id);
}

/** The parent's live children as the store has them now (undefined: not created yet), by index. */
export async function readLiveChildren(
  store: Pick<RunsStore, "runs">,
  run: RunRecord,
): Promise<Map<number, RunRecord | undefined>> {
  const active = run.active;
  const wait = active?.wait;
  const read = new Map<number, RunRecord | undefined>();
  if (!active || wait?.kind !== "children") return read;
  const { id, attempt } = active.stepRun;
  // One at a time (at most maxConcurrency of them): a worker's calls stay in order, as the simulation plays them.
  for (const i of liveIndices(wait))
    read.set(i, await store.runs.get(run.workspaceId, childRunId(id, attempt, i)));
  return read;
}

/** A child's end is its parent's news: its doorbell rings (the parent reads the truth from the store). */
export async function ringParent(deps: Pick<Deps, "queue">, run: RunRecord): Promise<void> {
  if (!run.parent || run.parentTold || LIVE_RUN_STATUSES.includes(run.status)) return;
  await deps.queue.send(runDoorbell(run.workspaceId, run.parent.runId));
}
