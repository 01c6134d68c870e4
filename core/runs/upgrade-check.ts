import type { RunRecord } from "../domain/run-record";
import type { StepDefinition } from "../domain/step";
import { stateKeysRead, stateKeysWritten } from "../domain/step-state-keys";

/** Why a run cannot move to another version (docs/flow.md, "Upgrading running workflows"). */
export type Incompatibility =
  | { kind: "current_step_missing"; stepName: string; message: string }
  | { kind: "next_step_missing"; stepName: string; message: string }
  | { kind: "step_type_changed"; stepName: string; from: string; to: string; message: string }
  | { kind: "state_key_unwritten"; key: string; stepName: string; message: string };

/**
 * What stands between the run, where it is now, and `to`: the step it is on (absent from `to`, it has no
 * place to continue from), the steps it may go to next (the one after it in its version's order, a
 * condition's targets, an approval's onReject, the step it is about to start), steps of one name whose type
 * differs, and state keys that the steps of `to` it can still reach read and that neither the run's state,
 * nor the step it is on, nor those steps write. With `continueAt` (a step of `to`) the run goes on there
 * whatever its step chooses, so where it would have gone is no longer in the way.
 */
export function checkUpgrade(
  run: RunRecord,
  from: readonly StepDefinition[],
  to: readonly StepDefinition[],
  continueAt?: string,
): Incompatibility[] {
  const found: Incompatibility[] = [];
  const indexIn = (name: string) => to.findIndex((step) => step.name === name);
  // Between steps with an upgrade pending, the step that just ended is where the run continues from.
  const currentName = run.active?.stepRun.stepName ?? run.upgrade?.after;
  const current = currentName === undefined ? undefined : from.find((step) => step.name === currentName);

  const landings: number[] = [];
  if (continueAt !== undefined) landings.push(indexIn(continueAt));
  else if (currentName !== undefined) {
    const index = indexIn(currentName);
    if (index === -1) {
      found.push({
        kind: "current_step_missing",
        stepName: currentName,
        message: `The run is at step "${currentName}", which the new version does not have`,
      });
    } else landings.push(index + 1);
  }
  const nextSteps = continueAt === undefined ? namedNextSteps(run, current) : [];
  for (const name of nextSteps) {
    const index = indexIn(name);
    if (index === -1) {
      found.push({
        kind: "next_step_missing",
        stepName: name,
        message: `The run may go on to step "${name}" next, which the new version does not have`,
      });
    } else landings.push(index);
  }
  const following = continueAt === undefined ? followingStep(from, current) : undefined;
  if (following !== undefined && indexIn(following) === -1 && !nextSteps.includes(following)) {
    found.push({
      kind: "next_step_missing",
      stepName: following,
      message: `The run goes on to step "${following}" next in its version, which the new version does not have; say where it continues instead (continueAt)`,
    });
  }
  const fromTheStart = run.active === null && run.nextStepName === null && run.rerunStart === undefined;
  if (continueAt === undefined && fromTheStart) landings.push(0);

  for (const step of to) {
    const before = from.find((old) => old.name === step.name);
    if (before && before.type !== step.type) {
      found.push({
        kind: "step_type_changed",
        stepName: step.name,
        from: before.type,
        to: step.type,
        message: `Step "${step.name}" is a ${before.type} step in the run's version and a ${step.type} step in the new one`,
      });
    }
  }

  const ahead = landings.length === 0 ? [] : to.slice(Math.min(...landings));
  const written = new Set(["input", ...Object.keys(run.state)]);
  for (const step of [...(current ? [current] : []), ...ahead]) {
    for (const key of stateKeysWritten(step)) written.add(key);
  }
  const reported = new Set<string>();
  for (const step of ahead) {
    for (const key of stateKeysRead(step)) {
      if (written.has(key) || reported.has(key)) continue;
      reported.add(key);
      found.push({
        kind: "state_key_unwritten",
        key,
        stepName: step.name,
        message: `Step "${step.name}" of the new version reads state.${key}, which this run has not written and will not`,
      });
    }
  }
  return found;
}

/**
 * The step after the one the run is on in its own version's order, where it goes once that step completes
 * (a condition always names its next step instead).
 */
function followingStep(from: readonly StepDefinition[], current: StepDefinition | undefined) {
  if (!current || current.type === "condition") return undefined;
  return from[from.indexOf(current) + 1]?.name;
}

/** The steps the run may go to next by name, rather than by its version's order. */
function namedNextSteps(run: RunRecord, current: StepDefinition | undefined): string[] {
  if (!run.active) {
    const next = run.nextStepName ?? run.rerunStart?.fromStep;
    return next === undefined || next === null ? [] : [next];
  }
  if (current?.type === "condition") return [...new Set([current.trueStep, current.falseStep])];
  if (current?.type === "approval" && current.onReject) return [current.onReject.gotoStep];
  return [];
}
