import { BoundCode, LIMITS } from "../../domain/limits";
import type { RunTransition } from "../../domain/run-change";
import type { Lease } from "../../domain/run-cursor";
import type { RunRecord } from "../../domain/run-record";
import { RunStatus } from "../../domain/statuses";
import type { StepDefinition } from "../../domain/step";

/**
 * The run's own moves within a transition: it starts, completes or fails, and the cursor's next step is
 * started under a lease. Step outcomes (apply-outcome.ts) and the operations end in these.
 */

export function failRun(tx: RunTransition, error: string, stepName: string | null, code?: string): void {
  tx.setRunStatus(RunStatus.Failed);
  if (code !== undefined) tx.run.failureCode = code;
  if (tx.run.active) tx.run.active.lease = null;
  tx.record("WORKFLOW_FAILED", { error: bounded(error), stepName, ...withCode(code) });
}

export function markStarted(tx: RunTransition): void {
  tx.setRunStatus(RunStatus.Running);
  tx.run.startedAtMs = tx.nowMs;
  const { definitionId, input, rerunOf, rerunStart } = tx.run;
  const rerun =
    rerunOf === undefined ? {} : { rerunOf, ...(rerunStart && { fromStep: rerunStart.fromStep }) };
  tx.record("WORKFLOW_STARTED", { definitionId, input, ...rerun });
}

/** Error texts come from handlers, providers and remote servers: kept to a size that always fits an item. */
export function bounded(error: string): string {
  return error.length > LIMITS.errorChars ? `${error.slice(0, LIMITS.errorChars)}…` : error;
}

/** `code` is added to the spec's failure payloads only when a failure has one: additive, never null. */
export function withCode(code: string | undefined): { code?: string } {
  return code === undefined ? {} : { code };
}

export function completeRun(tx: RunTransition): void {
  tx.setRunStatus(RunStatus.Completed);
  tx.run.output = tx.run.state;
  tx.run.nextStepName = null;
  const durationMs = tx.nowMs - (tx.run.startedAtMs ?? Date.parse(tx.run.createdAt));
  tx.record("WORKFLOW_COMPLETED", { output: tx.run.output, durationMs });
}

/**
 * Starts the step the cursor names, under `lease`; a run whose tree (or itself) executed as many steps as the
 * bound allows fails instead: a condition loop would otherwise never end, nor a map of too many items.
 */
export function startNextStep(tx: RunTransition, steps: readonly StepDefinition[], lease: Lease): void {
  const name = tx.run.nextStepName;
  const index = steps.findIndex((step) => step.name === name);
  const step = steps[index];
  if (!step) {
    failRun(tx, `Step "${name}" does not exist in the definition`, name);
    return;
  }
  if (tx.stepsCounted() >= LIMITS.stepsPerRun) {
    tx.run.nextStepName = null;
    failRun(tx, stepLimitMessage(tx.run), step.name, BoundCode.STEP_LIMIT);
    return;
  }
  tx.startStep(step, index, lease);
}

export function leaseFor(owner: string, nowMs: number, durationMs: number): Lease {
  return { owner, grantedAtMs: nowMs, untilMs: nowMs + durationMs };
}

export function stepLimitMessage(run: RunRecord): string {
  const limit = `The run reached the limit of ${LIMITS.stepsPerRun} steps`;
  if (run.parent) return `${limit}, its parent's and its siblings' included`;
  return run.stepCounter === undefined ? limit : `${limit}, its child runs' included`;
}
