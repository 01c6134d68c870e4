import type { RunCommit } from "../../../core/domain/run-commit";
import type { StepOutcome } from "../../../core/domain/step-outcome";
import { applyOutcome } from "../../../core/engine/rules/apply-outcome";
import { fixedIds, runningRun, T0, task, transition } from "./builders";

/**
 * Shared by the tests of applyOutcome (apply-outcome-*.test.ts) and of the run moves (run-moves.test.ts): a
 * two-step definition, the event types a commit records, and an outcome applied to a running run at T0.
 */
export const steps = [task("a"), task("b")];

export const types = (commit: RunCommit) => commit.events.map((event) => event.eventType);
export const event = (commit: RunCommit, type: string) => {
  const found = commit.events.find((e) => e.eventType === type);
  if (!found) throw new Error(`no ${type} among ${types(commit).join(", ")}`);
  return found;
};

/** Applies `outcome` to step `a` of `run` at T0 and returns the transition and its commit. */
export function apply(outcome: StepOutcome, run = runningRun(), definition = steps) {
  const ids = fixedIds();
  const tx = transition(run, T0, ids);
  const effects = applyOutcome(tx, definition, outcome, ids);
  return { tx, effects, commit: tx.finish() };
}
