import type { LlmSpend, RunBudget } from "./budget";
import type { CostLedger } from "./cost-ledger";
import type { DebounceWindow } from "./debounce";
import type { StartedWith } from "./identity";
import type { StepRun } from "./run";
import type { RunHistory } from "./run-history";
import type { RunSlot, RunThrottle, RunWaiting, WaitingFor } from "./run-slots";
import type { RunSignals } from "./signals";
import { LIVE_RUN_STATUSES, RunStatus } from "./statuses";
import type { StepScope } from "./step-lists";

export interface Lease {
  /** The worker process that is executing the step. */
  owner: string;
  grantedAtMs: number;
  /** After this, another worker may assume the owner died and take the step over. */
  untilMs: number;
}

export type StepWait =
  | { kind: "timer"; untilMs: number }
  | {
      kind: "signal";
      /** The one type waited for; with `signalTypes`, the first of them. */
      signalType: string;
      deadlineMs: number | null;
      /** Several types (docs/flow.md): any of them, or all of them, by `mode`. */
      signalTypes?: string[];
      mode?: "any" | "all";
      /** With mode all: the payloads received so far, by type. */
      received?: Record<string, Record<string, unknown>>;
    }
  | ChildrenWait
  | {
      kind: "approval";
      approvalRequestId: string;
      deadlineMs: number | null;
      /** Reminders and the escalation still to come, soonest first; absent when none are left. */
      nudges?: ApprovalNudge[];
    };

/**
 * A parallel, map or sub_workflow step waiting for its child runs (docs/flow.md, "Child runs"). Child `i`
 * of the attempt has a derived id (childRunId), so creating it again is harmless; children 0..started-1 have
 * been started, and those with a result have ended and been folded in.
 */
export interface ChildrenWait {
  kind: "children";
  /** Children the step has in all: its branches, its items, or 1. */
  total: number;
  started: number;
  /** By child index; null while the child is live. */
  results: (ChildResult | null)[];
  /** Children this commit started, or found missing: created (idempotently) after it commits. */
  launch: number[];
  /**
   * After children were launched: when the run checks they exist (the effect that creates them may have been
   * lost with its process). Null once they all did. A lost ring of a child that ended is the child's to repeat
   * (RunRecord.parentTold), so a run waiting on children that wait for people costs nothing meanwhile.
   */
  pollAtMs: number | null;
  deadlineMs: null;
  /** A sub_workflow step naming its workflow by name: the definition the child runs, as resolved at the start. */
  definitionId?: string;
}

export interface ChildResult {
  status: "COMPLETED" | "FAILED";
  /** A sub-workflow's output; a branch's or item's: the state keys its steps wrote. */
  output?: unknown;
  error?: string;
  /** The bound a FAILED child's failure crossed (RunRecord.failureCode). */
  code?: string;
}

/** The run a child run was started by, and where in it (RunRecord.parent). */
export interface ParentLink {
  runId: string;
  stepRunId: string;
  stepName: string;
  attempt: number;
  kind: "sub_workflow" | "branch" | "item";
  /** The branch's or item's index (0 for a sub-workflow). */
  index: number;
  /** 1 for a child of a top-level run. */
  depth: number;
}

/** A wake-up of a paused approval that leaves it open: a reminder, or the escalation. */
export interface ApprovalNudge {
  atMs: number;
  kind: "reminder" | "escalation";
  /** The reminder's number, from 1. */
  reminder?: number;
}

/** When a wait next needs the engine: its timer, or the soonest of its deadline and its next nudge. */
export function waitDueAtMs(wait: StepWait): number | undefined {
  if (wait.kind === "timer") return wait.untilMs;
  if (wait.kind === "children") return wait.pollAtMs ?? undefined;
  const nudgeAtMs = wait.kind === "approval" ? wait.nudges?.[0]?.atMs : undefined;
  if (nudgeAtMs === undefined) return wait.deadlineMs ?? undefined;
  return wait.deadlineMs === null ? nudgeAtMs : Math.min(nudgeAtMs, wait.deadlineMs);
}

/** The step run the cursor is on, with what it waits for. Its latest snapshot is also in the journal. */
export interface ActiveStep {
  stepRun: StepRun;
  stepIndex: number;
  lease: Lease | null;
  wait: StepWait | null;
  /** When a failed attempt's retry is due. */
  retryAtMs: number | null;
}

/**
 * A rerun's start (docs/flow.md, "Rerun from a step"): the source run's step runs to copy as completed, and
 * the step to continue at. The run's start records the copies and drops this.
 */
export interface RerunStart {
  fromStep: string;
  /** The source's step runs, as they were; each becomes a COMPLETED step run of this run. */
  copied: StepRun[];
}

/**
 * An upgrade asked for while a step was active (docs/flow.md, "Upgrading running workflows"): it lands when
 * that step ends. `after` is set by the step's completion: the run then continues after that step's name in
 * the new version's order, unless the step chose its next step itself, or the upgrade says where the run
 * continues (`continueAt`, a step of the new version), which wins over both.
 */
export interface PendingUpgrade {
  definitionId: string;
  requestedAt: string;
  after?: string;
  continueAt?: string;
}

/**
 * The run as the engine keeps it: what the run was created with and the cursor that says where it stands.
 * Everything the engine decides is derived from this one record, read strongly consistent, and every change
 * to it is a conditional write on `version`. The API's WorkflowRun is a projection of it (run-view.ts), so a
 * field the API derives (currentStepName, pendingUpgrade, debounce, …) is never kept here.
 */
export interface RunRecord {
  id: string;
  workspaceId: string;
  definitionId: string;
  status: RunStatus;
  input: Record<string, unknown>;
  output: Record<string, unknown> | null;
  idempotencyKey: string | null;
  supersessionKey: string | null;
  createdAt: string;
  updatedAt: string;
  state: Record<string, unknown>;
  version: number;
  /** Events recorded so far; event n has sequence number n (1-based), which pages the event list. */
  eventSeq: number;
  stepRunSeq: number;
  /** Step executions started so far, loops included: the 1000-step guard counts these. */
  stepsExecuted: number;
  active: ActiveStep | null;
  /** The step to start next when no step is active (after a signal, a timer, a decision or a start). */
  nextStepName: string | null;
  startedAtMs: number | null;
  /**
   * Deliveries in a row that failed before they could commit (a store error, a bug): counted in the run
   * itself because doorbells come and go, and the run fails when they reach the bound. Absent when zero.
   */
  failedAdvances?: number;
  /** Who started the run, when the creation said (CreateRunInput.startedBy). */
  startedBy?: string;
  /** The credential that created the run (and said its `startedBy`); absent for a trigger's or child's run. */
  startedWith?: StartedWith;
  /**
   * Per approval step with `onReject`: how many times its content was sent back for revision, and the request
   * of the last rejection (the next request's `previousRequestId`). Absent until the first.
   */
  approvalRevisions?: Record<string, { count: number; lastRequestId: string }>;
  /**
   * The latest stretch of the run's history, kept with the run until the store files it apart (the store
   * decides, RunStore.commit). Absent when empty. Never part of the API's run.
   */
  recent?: RunHistory;
  /** The run's LLM budget: its creation's, else its definition's (docs/llm.md). Absent: none. */
  budget?: RunBudget;
  /** Signals buffered and signal ids seen (signals.ts). Absent when none. */
  signals?: RunSignals;
  /** What the run's committed attempts paid for. Absent until the first paid call. */
  llmSpend?: LlmSpend;
  /**
   * Its committed attempts' calls not yet added to the workspace's cost rollups (cost-ledger.ts). Absent when
   * none.
   */
  costLedger?: CostLedger;
  /** The latest UTC days its calls were rolled up on (their run-day markers written). Absent until the first. */
  costDays?: string[];
  /** More spend approved on budget requests, added to the caps. */
  budgetRaised?: { costUsd: number; tokens: number };
  /** BUDGET_WARNING was recorded: it fires once per run. */
  budgetWarned?: true;
  /** The run this one reruns. */
  rerunOf?: string;
  /** Until the run starts: where a rerun starts and what it copies. */
  rerunStart?: RerunStart;
  /** An upgrade waiting for the active step to end. */
  upgrade?: PendingUpgrade;
  /**
   * The definition the run was created on, once an upgrade moved it to another: the run stays listed (and
   * numbered) under it.
   */
  originalDefinitionId?: string;
  /** A child run's parent (docs/flow.md, "Child runs"). Absent on runs started through the API. */
  parent?: ParentLink;
  /** A branch's or item's run: the nested list of its definition it executes. Absent: the definition's own. */
  scope?: StepScope;
  /**
   * The run whose step counter counts this run's step executions with those of every run of its tree
   * (step-counter.ts): the run itself once it has started child runs, its root for a child run. Absent: the
   * run counts its own (`stepsExecuted`).
   */
  stepCounter?: string;
  /** The bound the run's failure crossed (WORKFLOW_FAILED's `code`), for its parent to take. Absent: none. */
  failureCode?: string;
  /**
   * A child run that ended: its parent has taken its outcome (or no longer waits for it). Until then the child
   * stays in the sweep index and rings its parent again, so a lost ring cannot leave the parent waiting.
   */
  parentTold?: true;
  /**
   * Child runs a committed change stopped waiting for (the run ended, was cancelled or superseded, or its step
   * ended with children still live), until they are cancelled. Kept on the run so the cancellation survives a
   * crash after the commit: the run stays in the sweep index, and whoever advances it next cancels them first.
   */
  childrenToCancel?: string[];
  /** A debounced run, until it starts: its window, which creations with the same key join. */
  debounceWindow?: DebounceWindow;
  /**
   * Superseded with `after_current_step` while executing a step: the engine ends the run SUPERSEDED by `by`
   * when that step's attempt ends, instead of going on (docs/triggers.md).
   */
  supersedeAfterStep?: { by: string };
  /** 0–9, higher first: orders the runs waiting for the same slot, and the workers' pick (absent: 5). */
  priority?: number;
  /** The slot the run holds while started and unfinished (core/domain/run-slots.ts). Absent: none. */
  slot?: RunSlot;
  /** The concurrency key as the run's creation gave it or its definition's template rendered it. */
  concurrencyKey?: string;
  throttle?: RunThrottle;
  /** A PENDING run held back by its slot or its throttle. Absent otherwise. */
  waiting?: RunWaiting;
  /** Position among the workspace's, its definition's and its key's runs: dense, 1-based, for paging. */
  seq: number;
  defSeq: number;
  /** Absent on runs created before runs of a key were numbered. */
  keySeq?: number;
  /** The ended status whose count the store keeps this run in, and the commit that counted it (data-model.md). */
  endCounted?: { status: RunStatus; version: number };
}

/** What a PENDING run waits for before it starts (its slot, its throttle, its debounce window), if anything. */
export function waitingForOf(run: RunRecord): WaitingFor | "debounce" | undefined {
  if (run.status !== RunStatus.Pending) return undefined;
  return run.waiting?.for ?? (run.debounceWindow === undefined ? undefined : "debounce");
}

/** The definition the run is listed under: the one it was created on, whatever version it follows now. */
export function listedDefinitionId(run: Pick<RunRecord, "definitionId" | "originalDefinitionId">): string {
  return run.originalDefinitionId ?? run.definitionId;
}

/** A child run that ended and has not yet seen its parent take its outcome. */
export function mustTellParent(run: RunRecord): boolean {
  return run.parent !== undefined && !LIVE_RUN_STATUSES.includes(run.status) && run.parentTold !== true;
}
