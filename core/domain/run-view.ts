/**
 * The run as the API shows it: a projection of the stored record, whose optional fields appear only when
 * they apply, so a run created as the spec describes answers exactly the spec's fields.
 */
import type { DebounceWindow } from "./debounce";
import type { WorkflowRun } from "./run";
import type { RunRecord } from "./run-record";
import type { PendingUpgrade } from "./run-revisions";
import { LIVE_RUN_STATUSES, RunStatus } from "./statuses";
import { isoAt } from "./time";

function pendingUpgradeView({ definitionId, continueAt }: PendingUpgrade): WorkflowRun["pendingUpgrade"] {
  return continueAt === undefined ? { definitionId } : { definitionId, continueAt };
}

function currentStepName(run: RunRecord): string | null {
  return run.active?.stepRun.stepName ?? run.nextStepName ?? null;
}

/** The run as the API returns it. */
export function toWorkflowRun(run: RunRecord): WorkflowRun {
  const { id, workspaceId, definitionId, status, input, output, idempotencyKey, supersessionKey } = run;
  return {
    id,
    workspaceId,
    definitionId,
    status,
    input,
    output,
    idempotencyKey,
    supersessionKey,
    currentStepName: currentStepName(run),
    createdAt: run.createdAt,
    updatedAt: run.updatedAt,
    // Only when given: a run created as the spec describes answers exactly the spec's fields.
    ...(run.startedBy === undefined ? {} : { startedBy: run.startedBy }),
    // The credential that said it: a startedBy is only a claim without it.
    ...(run.startedBy === undefined || run.startedWith === undefined ? {} : { startedWith: run.startedWith }),
    ...(run.rerunOf === undefined ? {} : { rerunOf: run.rerunOf }),
    ...(run.threadId === undefined ? {} : { threadId: run.threadId }),
    ...(run.originalDefinitionId === undefined ? {} : { originalDefinitionId: run.originalDefinitionId }),
    ...(run.upgrade === undefined ? {} : { pendingUpgrade: pendingUpgradeView(run.upgrade) }),
    ...(run.parent === undefined ? {} : { parentRunId: run.parent.runId }),
    // A cancelled run keeps what it was waiting for in its item; the API shows it only while it applies.
    ...(run.debounceWindow === undefined || run.status !== RunStatus.Pending
      ? {}
      : debounceFields(run.debounceWindow)),
    ...(run.supersedeAfterStep === undefined || !LIVE_RUN_STATUSES.includes(run.status)
      ? {}
      : { pendingSupersession: { supersededBy: run.supersedeAfterStep.by } }),
    ...(run.priority === undefined ? {} : { priority: run.priority }),
    ...(run.concurrencyKey === undefined ? {} : { concurrencyKey: run.concurrencyKey }),
    ...(run.waiting === undefined ? {} : { waitingFor: run.waiting.for }),
  };
}

function debounceFields({ key, periodMs, startAtMs, creations }: DebounceWindow) {
  return {
    waitingFor: "debounce" as const,
    debounce: { key, periodMs, startsAt: isoAt(startAtMs), creations },
  };
}
