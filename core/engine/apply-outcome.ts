import type { AttemptCost } from "../cost/cost-record";
import type { ApprovalRequest } from "../domain/approval";
import { computeBackoffMs, DEFAULT_RETRY_POLICY } from "../domain/retry-policy";
import type { StepDefinition } from "../domain/step";
import type { IdGenerator } from "../ids";
import { type Lease, MAX_STEPS_PER_RUN } from "./run-record";
import { RunStatus, StepRunStatus } from "./statuses";
import type { StepOutcome } from "./step-outcome";
import type { RunTransition } from "./transition";

/**
 * The state travels in the run item and, at the end, in the WORKFLOW_COMPLETED event: both must fit in a
 * DynamoDB item (400 KB) with room for the rest, so a step whose output would grow it past this fails.
 */
export const MAX_STATE_BYTES = 128 * 1024;

/** Writes that belong to the same commit as the transition but live outside the run's items. */
export interface OutcomeEffects {
  createApproval?: ApprovalRequest;
  /** An approval whose deadline passed undecided: it expires in the same commit that fails its step. */
  expireApprovalId?: string;
  /** The attempt's model calls: their cost records go into the same commit (the run's own partition). */
  cost?: AttemptCost;
}

/**
 * Turns one attempt's outcome into the transition of spec 3.3 step 7: completed (state updated, cursor moved
 * on or run completed), waiting, paused for approval, or failed (retried with backoff while attempts remain,
 * else the run fails). Pure: it only edits the transition.
 */
export function applyOutcome(
  tx: RunTransition,
  steps: readonly StepDefinition[],
  outcome: StepOutcome,
  ids: IdGenerator,
): OutcomeEffects {
  const effects = applyKind(tx, steps, outcome, ids);
  // Calls were paid for whatever the attempt came to (a guardrail failure included), so their record goes too.
  return outcome.cost ? { ...effects, cost: outcome.cost } : effects;
}

function applyKind(
  tx: RunTransition,
  steps: readonly StepDefinition[],
  outcome: StepOutcome,
  ids: IdGenerator,
): OutcomeEffects {
  const active = tx.requireActive();
  const step = steps[active.stepIndex];
  if (!step) throw new Error(`run ${tx.run.id}: no step at index ${active.stepIndex}`);
  const stepRunId = active.stepRun.id;
  const input = outcome.input ?? active.stepRun.input;
  active.lease = null;
  for (const event of outcome.events ?? []) tx.record(event.eventType, event.payload, stepRunId);

  switch (outcome.kind) {
    case "completed": {
      const state = outcome.mergeIntoState
        ? { ...tx.run.state, ...outcome.output }
        : { ...tx.run.state, [step.outputKey ?? step.name]: outcome.stateValue ?? outcome.output };
      const stateBytes = Buffer.byteLength(JSON.stringify(state));
      if (stateBytes > MAX_STATE_BYTES) {
        const error = `The workflow state would grow to ${stateBytes} bytes; it may hold at most ${MAX_STATE_BYTES}`;
        failAttempt(tx, step, error, false, input);
        return {};
      }
      if (tx.run.status !== RunStatus.Running) tx.setRunStatus(RunStatus.Running);
      const durationMs = tx.nowMs - Date.parse(active.stepRun.startedAt ?? tx.now);
      tx.setStepStatus(StepRunStatus.Completed, { input, output: outcome.output, completedAt: tx.now });
      tx.run.state = state;
      tx.record("STEP_COMPLETED", { stepName: step.name, durationMs }, stepRunId);
      tx.run.active = null;
      const next = outcome.nextStepName ?? steps[active.stepIndex + 1]?.name;
      if (next !== undefined) tx.run.nextStepName = next;
      else completeRun(tx);
      return {};
    }
    case "waiting":
      tx.setStepStatus(StepRunStatus.Waiting, { input });
      active.wait = outcome.wait;
      tx.setRunStatus(RunStatus.Waiting);
      return {};
    case "approval": {
      const approval: ApprovalRequest = {
        id: ids("approval"),
        workflowRunId: tx.run.id,
        stepRunId,
        stepName: step.name,
        contentKey: outcome.contentKey,
        content: outcome.content,
        prompt: outcome.prompt,
        decision: null,
        decidedBy: null,
        decidedAt: null,
        expiredAt: null,
        createdAt: tx.now,
      };
      tx.setStepStatus(StepRunStatus.Waiting, { input });
      active.wait = { kind: "approval", approvalRequestId: approval.id, deadlineMs: outcome.deadlineMs };
      tx.setRunStatus(RunStatus.Paused);
      tx.record("APPROVAL_REQUESTED", { stepName: step.name, approvalRequestId: approval.id }, stepRunId);
      return { createApproval: approval };
    }
    case "failed":
      failAttempt(tx, step, outcome.error, outcome.retryable, input);
      return {};
  }
}

function failAttempt(
  tx: RunTransition,
  step: StepDefinition,
  error: string,
  retryable: boolean,
  input: Record<string, unknown> | null,
): void {
  const active = tx.requireActive();
  const attempt = active.stepRun.attempt;
  // A paused or waiting run goes back to RUNNING before its step fails (decisions section 3, timeouts).
  if (tx.run.status !== RunStatus.Running) tx.setRunStatus(RunStatus.Running);
  tx.setStepStatus(StepRunStatus.Failed, { input, error, completedAt: tx.now });
  active.wait = null;
  tx.record("STEP_FAILED", { stepName: step.name, error, attempt }, active.stepRun.id);
  const policy = step.retry ?? DEFAULT_RETRY_POLICY;
  if (retryable && attempt < policy.maxAttempts) {
    const delayMs = computeBackoffMs(policy, attempt);
    active.retryAtMs = tx.nowMs + delayMs;
    tx.record(
      "STEP_RETRYING",
      { stepName: step.name, attempt: attempt + 1, delayMs, error },
      active.stepRun.id,
    );
    return;
  }
  failRun(tx, error, step.name);
}

export function failRun(tx: RunTransition, error: string, stepName: string | null): void {
  tx.setRunStatus(RunStatus.Failed);
  if (tx.run.active) tx.run.active.lease = null;
  tx.record("WORKFLOW_FAILED", { error, stepName });
}

function completeRun(tx: RunTransition): void {
  tx.setRunStatus(RunStatus.Completed);
  tx.run.output = tx.run.state;
  tx.run.nextStepName = null;
  const durationMs = tx.nowMs - (tx.run.startedAtMs ?? Date.parse(tx.run.createdAt));
  tx.record("WORKFLOW_COMPLETED", { output: tx.run.output, durationMs });
}

/**
 * Starts the step the cursor names, under `lease`; a run past the step limit fails instead, since only a
 * condition loop can get there and it would otherwise never end.
 */
export function startNextStep(tx: RunTransition, steps: readonly StepDefinition[], lease: Lease): void {
  const name = tx.run.nextStepName;
  const index = steps.findIndex((step) => step.name === name);
  const step = steps[index];
  if (!step) {
    failRun(tx, `Step "${name}" does not exist in the definition`, name);
    return;
  }
  if (tx.run.stepsExecuted >= MAX_STEPS_PER_RUN) {
    tx.run.nextStepName = null;
    failRun(tx, `The run reached the limit of ${MAX_STEPS_PER_RUN} steps`, step.name);
    return;
  }
  tx.startStep(step, index, lease);
}

export function leaseFor(owner: string, nowMs: number, durationMs: number): Lease {
  return { owner, grantedAtMs: nowMs, untilMs: nowMs + durationMs };
}
