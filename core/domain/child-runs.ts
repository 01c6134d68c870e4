import { createHash } from "node:crypto";
import { IdPrefix } from "./ids";
import type { NewRunFields } from "./new-run";
import type { RunTransition } from "./run-change";
import type { ChildResult, ChildrenWait } from "./run-cursor";
import type { ParentLink } from "./run-lineage";
import type { RunRecord } from "./run-record";
import { readPath } from "./state-path";
import { RunStatus } from "./statuses";
import type { StepDefinition } from "./step";
import type { ResolvedDefinition } from "./step-outcome";

/**
 * Child runs (docs/flow.md, "Child runs"): a sub_workflow step's run of another definition, a parallel step's
 * branches and a map step's items are all ordinary runs with a `parent`. Pure: the engine decides with these
 * and creates, reads and cancels the runs through the store.
 */
export type ChildStep = Extract<StepDefinition, { type: "parallel" | "map" | "sub_workflow" }>;

export function isChildStep(step: StepDefinition | undefined): step is ChildStep {
  return step?.type === "parallel" || step?.type === "map" || step?.type === "sub_workflow";
}

/** What the state of a branch or item holds besides its parent's: the item, and its index. */
export const ITEM_KEY = "item";
export const ITEM_INDEX_KEY = "itemIndex";

/**
 * Child `index` of an attempt of a step run has this id, whoever creates it and however often: creating it
 * again (after a crash, or by the parent's periodic look) finds it there. A new attempt starts new children.
 */
export function childRunId(stepRunId: string, attempt: number, index: number): string {
  const digest = createHash("sha256").update(`${stepRunId}:${attempt}:${index}`).digest("hex");
  return `${IdPrefix.run}_${digest.slice(0, 26)}`;
}

export function childKind(step: ChildStep): ParentLink["kind"] {
  if (step.type === "sub_workflow") return "sub_workflow";
  return step.type === "parallel" ? "branch" : "item";
}

/** The ids of the children of the run's active step that are live as far as it knows (started, no result). */
export function liveChildIds(run: RunRecord): string[] {
  const active = run.active;
  const wait = active?.wait;
  if (!active || wait?.kind !== "children") return [];
  return liveIndices(wait).map((i) => childRunId(active.stepRun.id, active.stepRun.attempt, i));
}

export function liveIndices(wait: ChildrenWait): number[] {
  const live: number[] = [];
  for (let i = 0; i < wait.started; i++) if (!wait.results[i]) live.push(i);
  return live;
}

/**
 * The run of child `index` of the parent's active step, as created (PENDING). A branch or item runs the
 * parent's definition in the scope of its list, from the parent's state (an item's state also holds the
 * item and its index); a sub-workflow runs its definition from the step's rendered input.
 */
export function newChildRun(
  parent: RunRecord,
  step: ChildStep,
  index: number,
  createdAt: string,
  subWorkflowBudget?: RunRecord["budget"],
): NewRunFields {
  const active = parent.active;
  if (!active) throw new Error(`run ${parent.id} has no active step`);
  const link: ParentLink = {
    runId: parent.id,
    stepRunId: active.stepRun.id,
    stepName: step.name,
    attempt: active.stepRun.attempt,
    kind: childKind(step),
    index,
    depth: (parent.parent?.depth ?? 0) + 1,
  };
  const common = {
    id: childRunId(active.stepRun.id, active.stepRun.attempt, index),
    workspaceId: parent.workspaceId,
    idempotencyKey: null,
    supersessionKey: null,
    createdAt,
    parent: link,
    // The parent opened its tree's counter in the commit that started its children (RunTransition).
    stepCounter: parent.stepCounter ?? parent.id,
    ...(parent.startedBy === undefined ? {} : { startedBy: parent.startedBy }),
    // The run's conversation goes on in its children's agent steps (docs/agents.md, "Threads").
    ...(parent.threadId === undefined ? {} : { threadId: parent.threadId }),
  };
  if (step.type === "sub_workflow") {
    const input = active.stepRun.input ?? {};
    const budget = subWorkflowBudget;
    const definitionId = subWorkflowDefinitionId(parent, step);
    return { ...common, definitionId, input, ...(budget ? { budget } : {}) };
  }
  const scope = [...(parent.scope ?? []), active.stepIndex, ...(step.type === "parallel" ? [index] : [])];
  const items = step.type === "map" ? readPath(parent.state, step.itemsKey) : undefined;
  const state =
    step.type === "map" && Array.isArray(items)
      ? { ...parent.state, [ITEM_KEY]: items[index] ?? null, [ITEM_INDEX_KEY]: index }
      : { ...parent.state };
  return {
    ...common,
    definitionId: parent.definitionId,
    input: parent.input,
    scope,
    state,
    ...(parent.budget ? { budget: parent.budget } : {}),
  };
}

/**
 * The definition the run's active sub_workflow step runs: the one it names by id, or the one its name
 * resolved to when it started (ChildrenWait.definitionId).
 */
export function subWorkflowDefinitionId(
  parent: RunRecord,
  step: Extract<ChildStep, { type: "sub_workflow" }>,
) {
  const wait = parent.active?.wait;
  const resolved = wait?.kind === "children" ? wait.definitionId : undefined;
  const id = step.definitionId ?? resolved;
  if (id === undefined) throw new Error(`step ${step.name} of run ${parent.id} has no resolved definition`);
  return id;
}

/**
 * What an ended child comes to for its parent, or undefined while it is live. A sub-workflow's output is
 * its run's output; a branch's or item's is the part of its final state its steps wrote (keys added or
 * changed against the parent's state, the item's own keys left out), so that branches do not each carry a
 * copy of the whole state back. A FAILED child counts as failed even though the retry endpoint could revive
 * it: the parent has moved on by then.
 */
export function childResult(child: RunRecord, parentState: Record<string, unknown>): ChildResult | undefined {
  if (child.status === RunStatus.Completed) {
    const output = child.parent?.kind === "sub_workflow" ? child.output : written(child, parentState);
    return { status: "COMPLETED", output };
  }
  if (child.status === RunStatus.Failed) {
    const error = child.active?.stepRun.error ?? "The child run failed";
    return {
      status: "FAILED",
      error,
      ...(child.failureCode === undefined ? {} : { code: child.failureCode }),
    };
  }
  if (child.status === RunStatus.Cancelled || child.status === RunStatus.Superseded) {
    return { status: "FAILED", error: `The child run was ${child.status.toLowerCase()}` };
  }
  return undefined;
}

function written(child: RunRecord, parentState: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(child.output ?? child.state)) {
    if (key === ITEM_KEY || key === ITEM_INDEX_KEY) continue;
    if (key in parentState && JSON.stringify(parentState[key]) === JSON.stringify(value)) continue;
    out[key] = value;
  }
  return out;
}

/** How long a run waiting for children goes without looking at them when none rings (docs/flow.md). */
export const CHILDREN_POLL_MS = 5 * 60 * 1000;

/**
 * How long after a change that lists children to cancel its run's follow-up doorbell comes (commit-run.ts,
 * ringBeforeCommit): the children of a parent whose process died right after that commit stop within this
 * (and a worker's turn), not when the sweeper finds the parent.
 */
export const CHILDREN_FOLLOW_UP_MS = 30_000;

/**
 * Starts children `indices` of the active step: CHILD_RUN_STARTED each, created after the commit; with the
 * definition a sub_workflow step's name resolved to.
 */
export function recordChildrenStarted(
  tx: RunTransition,
  step: ChildStep,
  indices: readonly number[],
  resolved?: ResolvedDefinition,
): void {
  const active = tx.requireActive();
  for (const index of indices) {
    const branch = step.type === "parallel" ? step.branches[index]?.name : undefined;
    tx.record(
      "CHILD_RUN_STARTED",
      {
        stepName: step.name,
        childRunId: childRunId(active.stepRun.id, active.stepRun.attempt, index),
        kind: childKind(step),
        index,
        ...(branch === undefined ? {} : { branch }),
        ...(resolved === undefined ? {} : { definitionId: resolved.id, definitionVersion: resolved.version }),
      },
      active.stepRun.id,
    );
  }
}

/** The first `count` indices from `from`. */
export function indicesFrom(from: number, count: number): number[] {
  return Array.from({ length: Math.max(0, count) }, (_, i) => from + i);
}
