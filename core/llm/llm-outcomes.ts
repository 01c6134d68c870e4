import { executionStart } from "../domain/cost-record";
import type { StepRun } from "../domain/run";
import type { RunRecord } from "../domain/run-record";
import { StepFailureCode } from "../domain/step-error";
import type { StepOutcome } from "../domain/step-outcome";
import type { AttemptLog } from "./attempt-log";
import type { Admission } from "./budget-guard";
import { budgetApproval } from "./budget-run";
import type { Candidate } from "./candidates";
import type { OutputCheck } from "./output-checks";

type Refusal = Extract<Admission, { kind: "refused" }>;

/**
 * The outcomes one attempt of an llm step can end in, each carrying the events and the cost record of the
 * attempt's log: failed, completed (from a model or the response cache), or over its budget (paused for an
 * approval or failed, as the budget says).
 */
export function llmOutcomes({
  costId,
  run,
  stepRun,
  input,
}: {
  costId: () => string;
  run: RunRecord;
  stepRun: StepRun;
  /** What the step ran with: its model, fallbacks and rendered prompt. */
  input: StepOutcome["input"];
}) {
  const recorded = (log: AttemptLog, usedFrom?: number) => ({
    events: log.events,
    cost: log.cost(
      {
        id: costId(),
        workspaceId: run.workspaceId,
        workflowRunId: run.id,
        definitionId: run.definitionId,
        stepRunId: stepRun.id,
        attempt: stepRun.attempt,
        ...executionStart(run, stepRun),
      },
      usedFrom,
    ),
  });
  const failed = (error: string, retryable: boolean, log?: AttemptLog, code?: string): StepOutcome => ({
    kind: "failed",
    input,
    error,
    retryable,
    ...(code === undefined ? {} : { code }),
    ...(log ? recorded(log) : {}),
  });
  const completed = (
    text: string,
    candidate: Candidate,
    checked: Extract<OutputCheck, { ok: true }>,
    log: AttemptLog,
    usedFrom: number,
    cached = false,
  ): StepOutcome => ({
    kind: "completed",
    input,
    output: {
      text,
      ...(checked.json === undefined ? {} : { json: checked.json }),
      model: candidate.model,
      provider: candidate.provider,
      ...log.totals(),
      toolCalls: log.toolCalls,
      ...(cached ? { cached: true } : {}),
    },
    stateValue: checked.stateValue,
    ...recorded(log, usedFrom),
  });
  const overBudget = (refused: Refusal, log: AttemptLog): StepOutcome =>
    refused.action === "pause"
      ? { ...budgetApproval(refused.call), input, ...recorded(log) }
      : failed(refused.error, false, log, StepFailureCode.BUDGET_EXCEEDED);
  return { failed, completed, overBudget, recorded };
}
