import type { StepDefinition } from "../../core/domain/step";
import type { StoredWorkflowDefinition } from "../../core/domain/workflow-definition-record";
import type { Random } from "./random";
import { type Callable, NESTED_WEIGHTS, STEP_WEIGHTS, step } from "./workload-steps";

/**
 * Two to four steps; a condition only jumps forward, so every run ends. A definition that may call another
 * (`callable`) also draws parallel, map and sub_workflow steps.
 */
export function definitionSteps(random: Random, callable: Callable = {}): StepDefinition[] {
  const names = Array.from({ length: random.between(2, 4) }, (_, i) => `s${i + 1}`);
  const weights = callable.childDefinitionId === undefined ? NESTED_WEIGHTS : STEP_WEIGHTS;
  return names.map((name, i) =>
    step(random, random.weighted(weights), name, names.slice(i + 1), names.slice(0, i), callable),
  );
}

/**
 * Another version of `steps`: now and then a step is replaced by a fresh one of the same name (perhaps of
 * another type), a step nothing names is dropped, a new step is inserted; so that upgrades between versions
 * are sometimes compatible and sometimes refused, for each reason the check has.
 */
export function nextVersion(random: Random, steps: readonly StepDefinition[]): StepDefinition[] {
  let names = steps.map((candidate) => candidate.name);
  let next: StepDefinition[] = steps.map((candidate, i) =>
    random.chance(0.2)
      ? step(
          random,
          random.weighted(NESTED_WEIGHTS),
          candidate.name,
          names.slice(i + 1),
          names.slice(0, i),
          {},
        )
      : candidate,
  );
  const named = new Set(next.flatMap(targetsOf));
  const droppable = next.filter((candidate) => !named.has(candidate.name));
  if (droppable.length > 1 && random.chance(0.3)) {
    const dropped = random.pick(droppable);
    next = next.filter((candidate) => candidate !== dropped);
  }
  if (random.chance(0.5)) {
    names = next.map((candidate) => candidate.name);
    const at = random.between(0, next.length);
    const added = step(
      random,
      random.pick(["noop", "http", "set_state"] as const),
      "v2",
      [],
      names.slice(0, at),
      {},
    );
    // Reading what the first step wrote: a run that has not passed it, and will not, is refused.
    if (added.type === "task" && added.handler === "http") added.config.body = { seen: "{{state.s1}}" };
    next.splice(at, 0, added);
  }
  return next;
}

/** The steps a step names as its next. */
function targetsOf(candidate: StepDefinition): string[] {
  if (candidate.type === "condition") return [candidate.trueStep, candidate.falseStep];
  if (candidate.type === "approval" && candidate.onReject) return [candidate.onReject.gotoStep];
  return [];
}

/** Half the definitions: a limit of 1 or 2, on the `flag` of the input (two keys) or on all their runs. */
export function concurrencySetting(random: Random): Pick<StoredWorkflowDefinition, "concurrency"> {
  if (!random.chance(0.5)) return {};
  const limit = random.between(1, 2);
  return { concurrency: random.chance(0.5) ? { limit, key: "{{input.flag}}" } : { limit } };
}
