import { recordDueNudge } from "../../domain/approval-nudges";
import { rejectionOutcome } from "../../domain/approval-rejection";
import type { IdGenerator } from "../../domain/ids";
import { isPlainObject } from "../../domain/json-bounds";
import type { RunTransition } from "../../domain/run-change";
import type { Lease } from "../../domain/run-cursor";
import { RunStatus } from "../../domain/statuses";
import type { StepDefinition } from "../../domain/step";
import { applyOutcome } from "./apply-outcome";
import { combineEffects, type OutcomeEffects } from "./outcome-effects";
import type { ClaimPlan } from "./plan";
import { failRun, markStarted, startNextStep } from "./run-moves";
import { landUpgrade } from "./upgrade-landing";

/** What a plan that runs no step of its own needs besides the transition: a fresh lease, and ids. */
export interface ClaimContext {
  steps: readonly StepDefinition[];
  lease: () => Lease;
  ids: IdGenerator;
}

/**
 * The transition a plan other than "execute" calls for (spec 3.3 steps 2-5). Pure: it edits the transition
 * and leaves a step RUNNING under the worker's lease, if any, for the worker to execute after the commit.
 */
export function claim(plan: ClaimPlan, tx: RunTransition, context: ClaimContext): OutcomeEffects {
  const { steps, lease, ids } = context;
  switch (plan.kind) {
    case "start-run": {
      markStarted(tx);
      // Its debounce window closed: creations with its key open a new one from now on.
      delete tx.run.debounceWindow;
      const rerun = tx.run.rerunStart;
      delete tx.run.rerunStart;
      for (const copied of rerun?.copied ?? []) tx.copyStep(copied);
      // A PENDING run has a next step only when an upgrade that landed before its start said where to go.
      tx.run.nextStepName ??= rerun?.fromStep ?? steps[0]?.name ?? null;
      startNextStep(tx, steps, lease());
      return {};
    }
    case "land-upgrade":
      // `steps` are the new version's: the advancer reads the upgrade's definition for this plan.
      landUpgrade(tx, steps);
      startNextIfDue(tx, context);
      return {};
    case "start-next":
      startNextStep(tx, steps, lease());
      return {};
    case "take-over":
      tx.requireActive().lease = lease();
      return {};
    case "retry-step":
      tx.restartActiveStep(lease());
      return {};
    case "timer-elapsed": {
      const effects = applyOutcome(tx, steps, { kind: "completed", output: {} }, ids);
      startNextIfDue(tx, context);
      return effects;
    }
    case "deadline-passed":
      return timeOut(tx, context);
    case "nudge-due": {
      const escalated = recordDueNudge(tx, steps);
      return escalated ? { escalateApproval: escalated } : {};
    }
  }
}

/** Starts the step the cursor names when the run is between steps, under a fresh lease. */
export function startNextIfDue(tx: RunTransition, context: Pick<ClaimContext, "steps" | "lease">): void {
  const between = tx.run.status === RunStatus.Running && !tx.run.active && tx.run.nextStepName !== null;
  // With an upgrade pending, the next step is the new version's: it starts once the upgrade has landed.
  if (between && tx.run.upgrade === undefined) {
    startNextStep(tx, context.steps, context.lease());
  }
}

/**
 * A wait past its deadline fails its step, and the step's retry policy decides (decisions section 3); an
 * approval step's `onTimeout` may decide the request instead (docs/approvals.md).
 */
function timeOut(tx: RunTransition, { steps, ids }: ClaimContext): OutcomeEffects {
  const active = tx.requireActive();
  const wait = active.wait;
  if (wait?.kind === "approval") {
    const step = steps[active.stepIndex];
    const onTimeout = step?.type === "approval" ? (step.onTimeout ?? "fail") : "fail";
    const approvalRequestId = wait.approvalRequestId;
    if (onTimeout === "fail" || step?.type !== "approval") {
      // Only a step that chose its onTimeout announces the expiry: one without it fails as it always has.
      if (step?.type === "approval" && step.onTimeout === "fail") {
        tx.record(
          "APPROVAL_EXPIRED",
          { stepName: step.name, approvalRequestId, onTimeout },
          active.stepRun.id,
        );
      }
      const failed = applyOutcome(
        tx,
        steps,
        { kind: "failed", error: "approval timed out", retryable: true },
        ids,
      );
      return combineEffects(failed, { expireApproval: { id: approvalRequestId, decision: null } });
    }
    tx.record("APPROVAL_EXPIRED", { stepName: step.name, approvalRequestId, onTimeout }, active.stepRun.id);
    if (onTimeout === "approve") {
      const content = tx.run.state[step.contentKey];
      const output = { decision: "approved", content: isPlainObject(content) ? content : {} };
      applyOutcome(tx, steps, { kind: "completed", output }, ids);
      return { expireApproval: { id: approvalRequestId, decision: "approved" } };
    }
    const rejection = { approvalRequestId, stepName: step.name, comment: null, decidedBy: null };
    const outcome = rejectionOutcome(
      tx,
      steps,
      { ...rejection, decidedAt: tx.now },
      "approval timed out and was rejected",
    );
    applyOutcome(tx, steps, outcome, ids);
    return { expireApproval: { id: approvalRequestId, decision: "rejected" } };
  }
  if (wait?.kind === "signal") {
    return applyOutcome(
      tx,
      steps,
      { kind: "failed", error: "external event timed out", retryable: true },
      ids,
    );
  }
  failRun(tx, "The run's wait has no deadline", null);
  return {};
}
