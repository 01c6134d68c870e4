import { type ApprovalRequest, CURRENT_AUDIT_CHAIN } from "../../domain/approval";
import { type LlmSpend, NO_SPEND } from "../../domain/budget";
import {
  CHILDREN_POLL_MS,
  indicesFrom,
  isChildStep,
  liveChildIds,
  recordChildrenStarted,
} from "../../domain/child-runs";
import { type AttemptCost, roundUsd } from "../../domain/cost-record";
import type { IdGenerator } from "../../domain/ids";
import { exceedsJsonDepth, jsonBytes } from "../../domain/json-bounds";
import { BoundCode, BoundExceeded, LIMITS } from "../../domain/limits";
import { DEFAULT_RETRY_POLICY, retryDelay } from "../../domain/retry-policy";
import type { RunTransition } from "../../domain/run-change";
import type { RunRecord } from "../../domain/run-record";
import { RunStatus, StepRunStatus } from "../../domain/statuses";
import type { StepDefinition } from "../../domain/step";
import type { StepOutcome } from "../../domain/step-outcome";
import { isoAt } from "../../domain/time";
import { combineEffects, type OutcomeEffects } from "./outcome-effects";
import { bounded, completeRun, failRun, markStarted, withCode } from "./run-moves";
import { takeBufferedSignals } from "./signal-inbox";

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
  // The run got as far as an outcome: failures to commit earlier ones no longer count against it.
  delete tx.run.failedAdvances;
  const effects = applyKind(tx, steps, outcome, ids);
  if (outcome.events?.some((event) => event.eventType === "BUDGET_WARNING")) tx.run.budgetWarned = true;
  // Calls were paid for whatever the attempt came to (a guardrail failure included), so their record goes too.
  if (!outcome.cost) return effects;
  tx.run.llmSpend = addSpend(tx.run.llmSpend ?? NO_SPEND, outcome.cost);
  return combineEffects(effects, { cost: outcome.cost });
}

/** The run's spend so far, which its budget is checked against, kept in the run item. */
function addSpend(spend: LlmSpend, cost: AttemptCost): LlmSpend {
  let { costUsd, tokens } = spend;
  for (const call of cost.calls) {
    costUsd += call.costUsd;
    tokens += call.inputTokens + call.outputTokens;
  }
  return { costUsd: roundUsd(costUsd), tokens };
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
      const kept = keepCompleted(tx.run, step, outcome);
      if (kept instanceof BoundExceeded) {
        failAttempt(tx, step, kept.message, false, input, kept.code);
        return {};
      }
      const state = kept;
      if (tx.run.status !== RunStatus.Running) tx.setRunStatus(RunStatus.Running);
      const durationMs = tx.nowMs - Date.parse(active.stepRun.startedAt ?? tx.now);
      tx.setStepStatus(StepRunStatus.Completed, { input, output: outcome.output, completedAt: tx.now });
      tx.run.state = state;
      tx.record("STEP_COMPLETED", { stepName: step.name, durationMs }, stepRunId);
      tx.run.active = null;
      if (tx.run.upgrade) {
        // A step boundary with an upgrade pending: the new version says what follows (upgrade-landing.ts).
        tx.run.upgrade.after = step.name;
        tx.run.nextStepName = outcome.nextStepName ?? null;
        return {};
      }
      const next = outcome.nextStepName ?? steps[active.stepIndex + 1]?.name;
      if (next !== undefined) tx.run.nextStepName = next;
      else completeRun(tx);
      return {};
    }
    case "progress":
      // Released here; the worker that goes on with the next unit takes a lease in the same commit. The step
      // run's snapshot is recorded once, with what it ran with, not at every turn.
      if (active.stepRun.input === null) tx.setStepStatus(StepRunStatus.Running, { input });
      active.agent = outcome.progress;
      return {};
    case "waiting": {
      const taken =
        outcome.wait.kind === "signal" ? takeBufferedSignals(tx, outcome.wait, stepRunId) : undefined;
      if (taken && "output" in taken) {
        const completed = { kind: "completed", output: taken.output } as const;
        return applyKind(tx, steps, input ? { ...completed, input } : completed, ids);
      }
      tx.setStepStatus(StepRunStatus.Waiting, { input });
      active.wait = taken?.wait ?? outcome.wait;
      tx.setRunStatus(RunStatus.Waiting);
      return {};
    }
    case "children": {
      if (!isChildStep(step)) throw new Error(`step ${step.name} cannot start child runs`);
      const launch = indicesFrom(0, Math.min(outcome.concurrency, outcome.total));
      tx.setStepStatus(StepRunStatus.Waiting, { input });
      active.wait = {
        kind: "children",
        total: outcome.total,
        started: launch.length,
        results: [],
        launch,
        pollAtMs: tx.nowMs + CHILDREN_POLL_MS,
        deadlineMs: null,
        ...(outcome.definition === undefined ? {} : { definitionId: outcome.definition.id }),
      };
      tx.setRunStatus(RunStatus.Waiting);
      // The children share the run's step bound: counted together from this commit on (step-counter.ts).
      tx.openStepCounter();
      recordChildrenStarted(tx, step, launch, outcome.definition);
      return { launchChildren: step };
    }
    case "approval": {
      const revised = tx.run.approvalRevisions?.[step.name];
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
        decidedAs: null,
        expiredAt: null,
        createdAt: tx.now,
        comment: null,
        revision: (revised?.count ?? 0) + 1,
        previousRequestId: revised?.lastRequestId ?? null,
        kind: outcome.approvalKind ?? "step",
        deadlineAt: outcome.deadlineMs === null ? null : isoAt(outcome.deadlineMs),
        assignees: step.type === "approval" ? (step.assignees ?? []) : [],
        definitionId: tx.run.definitionId,
        votes: [],
        escalatedTo: [],
        auditChain: CURRENT_AUDIT_CHAIN,
      };
      tx.setStepStatus(StepRunStatus.Waiting, { input });
      active.wait = {
        kind: "approval",
        approvalRequestId: approval.id,
        deadlineMs: outcome.deadlineMs,
        ...(outcome.nudges.length > 0 ? { nudges: outcome.nudges } : {}),
      };
      tx.setRunStatus(RunStatus.Paused);
      tx.record("APPROVAL_REQUESTED", { stepName: step.name, approvalRequestId: approval.id }, stepRunId);
      return { createApproval: approval };
    }
    case "failed":
      failAttempt(tx, step, outcome.error, outcome.retryable, input, outcome.code, outcome.retryAfterMs);
      return {};
  }
}

type CompletedOutcome = Extract<StepOutcome, { kind: "completed" }>;

/**
 * The state a completed step leaves, or the bound its output crosses: too deep to walk safely, too large
 * to keep on its step run, or a state too large for the run item. The API asks the same before it lets a
 * signal or an approval's edit complete a step, so a caller gets a 400 instead of a failed run.
 */
export function keepCompleted(
  run: Pick<RunRecord, "state">,
  step: StepDefinition,
  outcome: Pick<CompletedOutcome, "output" | "stateValue" | "mergeIntoState">,
): Record<string, unknown> | BoundExceeded {
  if (exceedsJsonDepth(outcome.output) || exceedsJsonDepth(outcome.stateValue)) {
    return new BoundExceeded(
      BoundCode.OUTPUT_TOO_DEEP,
      `The step's output nests deeper than ${LIMITS.jsonDepth} levels`,
    );
  }
  const outputBytes = jsonBytes(outcome.output);
  if (outputBytes > LIMITS.stepOutputBytes) {
    return new BoundExceeded(
      BoundCode.OUTPUT_TOO_LARGE,
      `The step's output takes ${outputBytes} bytes; a step may keep at most ${LIMITS.stepOutputBytes}`,
    );
  }
  const state = outcome.mergeIntoState
    ? { ...run.state, ...outcome.output }
    : { ...run.state, [step.outputKey ?? step.name]: outcome.stateValue ?? outcome.output };
  const stateBytes = jsonBytes(state);
  if (stateBytes > LIMITS.stateBytes) {
    return new BoundExceeded(
      BoundCode.STATE_TOO_LARGE,
      `The workflow state would grow to ${stateBytes} bytes; it may hold at most ${LIMITS.stateBytes}`,
    );
  }
  return state;
}

export function failAttempt(
  tx: RunTransition,
  step: StepDefinition,
  error: string,
  retryable: boolean,
  input: Record<string, unknown> | null,
  code?: string,
  retryAfterMs?: number,
): void {
  const active = tx.requireActive();
  const attempt = active.stepRun.attempt;
  recordStepFailure(tx, error, input, code);
  const policy = step.retry ?? DEFAULT_RETRY_POLICY;
  if (retryable && attempt < policy.maxAttempts) {
    const delay = retryDelay(policy, attempt, retryAfterMs);
    active.retryAtMs = tx.nowMs + delay.delayMs;
    tx.record(
      "STEP_RETRYING",
      { stepName: step.name, attempt: attempt + 1, ...delay, error: bounded(error) },
      active.stepRun.id,
    );
    return;
  }
  failRun(tx, error, step.name, code);
}

function recordStepFailure(
  tx: RunTransition,
  error: string,
  input: Record<string, unknown> | null,
  code: string | undefined,
): void {
  const active = tx.requireActive();
  // A paused or waiting run goes back to RUNNING before its step fails (decisions section 3, timeouts).
  if (tx.run.status !== RunStatus.Running) tx.setRunStatus(RunStatus.Running);
  tx.setStepStatus(StepRunStatus.Failed, { input, error: bounded(error), completedAt: tx.now });
  // A step that fails while waiting for child runs (a bound, advances that keep failing) stops waiting for them.
  tx.stopWaitingForChildren(liveChildIds(tx.run));
  active.wait = null;
  tx.record(
    "STEP_FAILED",
    {
      stepName: active.stepRun.stepName,
      error: bounded(error),
      attempt: active.stepRun.attempt,
      ...withCode(code),
    },
    active.stepRun.id,
  );
}

/**
 * Fails the run whatever its step's retry policy says, for what no attempt can cure: a change the store
 * refuses for its size, or a run whose advance keeps failing before it can commit anything.
 */
export function failForGood(tx: RunTransition, error: string, code: string): void {
  if (tx.run.status === RunStatus.Pending) markStarted(tx);
  const active = tx.run.active;
  const live =
    active?.stepRun.status === StepRunStatus.Running || active?.stepRun.status === StepRunStatus.Waiting;
  if (live) recordStepFailure(tx, error, active.stepRun.input, code);
  else if (tx.run.status !== RunStatus.Running) tx.setRunStatus(RunStatus.Running);
  failRun(tx, error, active?.stepRun.stepName ?? tx.run.nextStepName, code);
}
