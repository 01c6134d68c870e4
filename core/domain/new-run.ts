import type { RunBudget } from "./budget";
import type { DebounceWindow } from "./debounce";
import type { StartedWith } from "./identity";
import type { ParentLink, RerunStart } from "./run-lineage";
import type { RunRecord } from "./run-record";
import { RunStatus } from "./statuses";
import type { StepScope } from "./step-lists";

/** What creating a run takes: the caller's choices, the rest of a new run follows from them. */
export interface NewRunFields {
  id: string;
  workspaceId: string;
  definitionId: string;
  input: Record<string, unknown>;
  idempotencyKey: string | null;
  supersessionKey: string | null;
  createdAt: string;
  startedBy?: string;
  startedWith?: StartedWith;
  threadId?: string | undefined;
  budget?: RunBudget;
  /** A rerun: the run it reruns, its starting state and what it copies. */
  rerun?: { of: string; state: Record<string, unknown>; start: RerunStart };
  parent?: ParentLink;
  scope?: StepScope;
  stepCounter?: string;
  /** The state to start from, when not `{input}` (a branch or item starts from its parent's). */
  state?: Record<string, unknown>;
  /** How the run's start is held back, as its creation resolved them (docs/triggers.md). */
  admission?: Pick<RunRecord, "priority" | "slot" | "concurrencyKey" | "throttle">;
  debounceWindow?: DebounceWindow;
}

/** A run as it is created: PENDING, nothing started, the input in its state; the store numbers it. */
export function pendingRun({
  startedBy,
  startedWith,
  threadId,
  budget,
  rerun,
  parent,
  scope,
  stepCounter,
  state,
  admission,
  debounceWindow,
  ...fields
}: NewRunFields): Omit<RunRecord, "seq" | "defSeq"> {
  return {
    ...fields,
    ...(startedBy === undefined ? {} : { startedBy }),
    ...(startedWith === undefined ? {} : { startedWith }),
    ...(threadId === undefined ? {} : { threadId }),
    ...(budget === undefined ? {} : { budget }),
    ...(rerun === undefined ? {} : { rerunOf: rerun.of, rerunStart: rerun.start }),
    ...(parent === undefined ? {} : { parent }),
    ...(scope === undefined ? {} : { scope }),
    ...(stepCounter === undefined ? {} : { stepCounter }),
    ...admission,
    ...(debounceWindow === undefined ? {} : { debounceWindow }),
    status: RunStatus.Pending,
    output: null,
    updatedAt: fields.createdAt,
    state: rerun?.state ?? state ?? { input: fields.input },
    version: 1,
    eventSeq: 0,
    stepRunSeq: 0,
    stepsExecuted: 0,
    active: null,
    nextStepName: null,
    startedAtMs: null,
  };
}
