import type { StepDefinition } from "../domain/step";
import type { Store } from "../ports/store";

/**
 * Definitions never change once stored, so a worker keeps the steps of those it has seen: a step costs no
 * definition read after the first. Bounded, oldest entry out first.
 */
const MAX_ENTRIES = 1000;

export type DefinitionSteps = (
  workspaceId: string,
  definitionId: string,
) => Promise<readonly StepDefinition[] | undefined>;

export function createDefinitionCache(store: Pick<Store, "definitions">): DefinitionSteps {
  const cache = new Map<string, readonly StepDefinition[]>();
  return async (workspaceId, definitionId) => {
    const key = `${workspaceId}/${definitionId}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const definition = await store.definitions.get(workspaceId, definitionId);
    if (!definition) return undefined;
    const steps = definition.stepsJson;
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value ?? "");
    cache.set(key, steps);
    return steps;
  };
}
