import type { IdGenerator } from "../domain/ids";
import type { RunTransition } from "../domain/run-change";
import type { Acceptance } from "../domain/signals";
import type { StepDefinition } from "../domain/step";
import { applyOutcome } from "../engine/rules/apply-outcome";
import { refuseOutOfBounds } from "./refuse-out-of-bounds";

/**
 * A signal the waiting step takes (resume or signals): SIGNAL_RECEIVED, then the step completes with its
 * output (refused with a 400 first if that would break a bound), or waits on for its other types.
 */
export function deliverSignal(
  tx: RunTransition,
  steps: readonly StepDefinition[],
  signalType: string,
  accepted: Exclude<Acceptance, { kind: "refused" }>,
  ids: IdGenerator,
): void {
  const active = tx.requireActive();
  tx.record("SIGNAL_RECEIVED", { stepName: active.stepRun.stepName, signalType }, active.stepRun.id);
  if (accepted.kind === "partial") {
    active.wait = accepted.wait;
    return;
  }
  const outcome = { kind: "completed", output: accepted.output } as const;
  refuseOutOfBounds(tx.run, steps, outcome, "payload");
  applyOutcome(tx, steps, outcome, ids);
}
