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
import { endActiveStep } from "./end-active-step";

/**
 * Child runs as their parent and the engine see them (docs/flow.md, "Child runs"): created and rung after the
 * commit that starts them, read when the parent looks, cancelled with their parent, and their end told to it.
 * Each effect is repeatable and each, if lost, is made good later: a child not created is created again when
 * its parent next looks (ChildrenWait.pollAtMs keeps the parent in the sweep index), and a lost ring of the
 * parent is made good by the same look. Cancelling the children a change stopped waiting for commits each of
 * them through the pipeline, whose effects cancel theirs in turn: that cascade lives with the pipeline
 * (commit-run.ts, cancelChildrenOf).
 */
export type ChildDeps = Pick<Deps, "queue" | "clock" | "ids"> & { store: RunsStore };

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
