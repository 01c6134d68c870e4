import { expect } from "vitest";
import type { ApprovalRequest } from "../../core/domain/approval";
import type { AttemptCost, CostCall } from "../../core/domain/cost-record";
import { type IdGenerator, type IdKind, IdPrefix } from "../../core/domain/ids";
import { pendingRun } from "../../core/domain/new-run";
import { RunTransition } from "../../core/domain/run-change";
import type { Lease } from "../../core/domain/run-cursor";
import type { RunRecord } from "../../core/domain/run-record";
import { RunStatus } from "../../core/domain/statuses";
import { isoAt } from "../../core/domain/time";
import type { Page, RunChange, RunCreation, RunsStore } from "../../core/ports/store";

/**
 * Runs and their changes built as the engine builds them (RunTransition, deterministic ids), for the store
 * contract. Nothing here knows which store it talks to.
 */
export const T0 = Date.parse("2030-01-01T00:00:00.000Z");
export const MINUTE = 60_000;

/** `<prefix>_<n>` numbered per kind and zero-padded, so ids sort in the order they were made, as ULIDs do. */
export function fixedIds(): IdGenerator {
  const counters = new Map<IdKind, number>();
  return (kind) => {
    const n = (counters.get(kind) ?? 0) + 1;
    counters.set(kind, n);
    return `${IdPrefix[kind]}_${String(n).padStart(6, "0")}`;
  };
}

/** A run as create-run.ts makes it: PENDING, nothing started. */
export function newRun(
  ids: IdGenerator,
  workspaceId: string,
  fields: Partial<RunCreation["run"]> = {},
): RunCreation["run"] {
  const base = pendingRun({
    id: ids("run"),
    workspaceId,
    definitionId: "def_a",
    input: { customer: "Ada" },
    idempotencyKey: null,
    supersessionKey: null,
    createdAt: isoAt(T0),
  });
  return { ...base, ...fields };
}

/** Creates the run with nothing to supersede; fails the test unless it was created. */
export async function created(store: RunsStore, run: RunCreation["run"]): Promise<RunRecord> {
  const outcome = await store.runs.create({ run, supersede: async () => [] });
  if (outcome.kind !== "created") throw new Error(`creation came back ${outcome.kind}`);
  return outcome.run;
}

/** A page of runs as a list answers it (`undefined` for a run the test knows is there). */
export const pageOf = (items: (RunRecord | undefined)[], total: number): Page<RunRecord> => ({
  items: items as RunRecord[],
  total,
});

/** Starts the stored run at `nowMs`; fails the test unless the commit lands. */
export async function startStored(
  store: RunsStore,
  ids: IdGenerator,
  run: RunRecord,
  nowMs = T0 + MINUTE,
): Promise<void> {
  const tx = transition(await stored(store, run), ids, nowMs);
  start(tx);
  expect(await store.runs.commit(commitOf(tx))).toEqual({ kind: "committed" });
}

/** The run's current record; fails the test when it is missing. */
export async function stored(store: RunsStore, run: RunRecord): Promise<RunRecord> {
  const record = await store.runs.get(run.workspaceId, run.id);
  expect(record).toBeDefined();
  return record as RunRecord;
}

export function transition(run: RunRecord, ids: IdGenerator, nowMs = T0 + MINUTE): RunTransition {
  return new RunTransition(run, nowMs, ids);
}

export function lease(nowMs: number): Lease {
  return { owner: "worker-1", grantedAtMs: nowMs, untilMs: nowMs + MINUTE };
}

/** PENDING to RUNNING with step `name` started under a lease: two events. */
export function start(tx: RunTransition, name = "a"): void {
  tx.setRunStatus(RunStatus.Running);
  tx.record("WORKFLOW_STARTED", { definitionId: tx.run.definitionId, input: tx.run.input });
  tx.startStep({ type: "task", name, handler: "noop", config: {} }, 0, lease(tx.nowMs));
}

/** The active step completed and `next` started after it: two events, the completed step's snapshot. */
export function completeAndStart(tx: RunTransition, next: string): void {
  const { stepName } = tx.requireActive().stepRun;
  tx.setStepStatus("COMPLETED", { output: { done: stepName }, completedAt: tx.now });
  tx.record("STEP_COMPLETED", { stepName, durationMs: 5 }, tx.requireActive().stepRun.id);
  tx.startStep({ type: "task", name: next, handler: "noop", config: {} }, 1, lease(tx.nowMs));
}

/** The active step and the run completed: two events, the step's snapshot. */
export function completeRun(tx: RunTransition): void {
  const { stepName, id } = tx.requireActive().stepRun;
  tx.setStepStatus("COMPLETED", { output: { done: stepName }, completedAt: tx.now });
  tx.record("STEP_COMPLETED", { stepName, durationMs: 5 }, id);
  tx.setRunStatus(RunStatus.Completed);
  tx.run.active = null;
  tx.record("WORKFLOW_COMPLETED", { output: null, durationMs: 10 });
}

export function commitOf(tx: RunTransition, extra: Omit<RunChange, "commit"> = {}): RunChange {
  return { commit: tx.finish(), ...extra };
}

/** An undecided request for the run's active step, as apply-outcome.ts opens one. */
function approvalFor(tx: RunTransition, ids: IdGenerator): ApprovalRequest {
  const { stepRun } = tx.requireActive();
  return {
    id: ids("approval"),
    workflowRunId: tx.run.id,
    stepRunId: stepRun.id,
    stepName: stepRun.stepName,
    contentKey: "draft",
    content: { text: "hello" },
    prompt: "Send it?",
    decision: null,
    decidedBy: null,
    decidedAt: null,
    decidedAs: null,
    expiredAt: null,
    createdAt: tx.now,
    comment: null,
    revision: 1,
    previousRequestId: null,
    assignees: [],
    definitionId: null,
    votes: [],
    escalatedTo: [],
    kind: "step",
    deadlineAt: null,
    auditChain: 2,
  };
}

export function call(fields: Partial<CostCall> = {}): CostCall {
  return {
    stepName: "a",
    model: "gpt-4o",
    provider: "openai",
    inputTokens: 10,
    outputTokens: 5,
    costUsd: 0.1,
    createdAt: isoAt(T0),
    ...fields,
  };
}

/** An attempt's record, started at `startedAt` as a run's attempts are; `null`: without a start, as a replay's. */
export function costOf(
  run: Pick<RunRecord, "workspaceId" | "id">,
  id: string,
  calls: CostCall[],
  startedAt: string | null = isoAt(T0),
): AttemptCost {
  return {
    id,
    workspaceId: run.workspaceId,
    workflowRunId: run.id,
    stepRunId: "stp_000001",
    attempt: 1,
    ...(startedAt === null ? {} : { startedAt }),
    calls,
  };
}

/** The active step waits for a person: its lease given up, the run PAUSED; returns the request it opens. */
export function awaitApproval(tx: RunTransition, ids: IdGenerator): ApprovalRequest {
  const approval = approvalFor(tx, ids);
  const active = tx.requireActive();
  tx.setStepStatus("WAITING");
  active.lease = null;
  active.wait = { kind: "approval", approvalRequestId: approval.id, deadlineMs: null };
  tx.setRunStatus(RunStatus.Paused);
  tx.record("APPROVAL_REQUESTED", { stepName: approval.stepName, approvalRequestId: approval.id });
  return approval;
}

/** The request decided as decide-approval.ts decides it, with its event; returns the settled request. */
export function decide(
  tx: RunTransition,
  approval: ApprovalRequest,
  decision: "approved" | "rejected",
): ApprovalRequest {
  const decidedBy = decision === "approved" ? "ana" : "bo";
  tx.record(
    "APPROVAL_DECIDED",
    { stepName: approval.stepName, approvalRequestId: approval.id, decision, decidedBy },
    approval.stepRunId,
  );
  return { ...approval, decision, decidedBy, decidedAt: tx.now };
}
