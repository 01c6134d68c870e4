import { NotFoundError } from "../domain/errors";
import type { RunRecord } from "../domain/run-record";
import type { StepDefinition } from "../domain/step";
import { stepsInScope } from "../domain/step-lists";
import type { RunsStore } from "../ports/store";

/** The steps the run executes: its definition's, or the nested list a branch or item run is scoped to. */
export async function runSteps(
  store: Pick<RunsStore, "definitions">,
  run: RunRecord,
): Promise<readonly StepDefinition[]> {
  const definition = await store.definitions.get(run.workspaceId, run.definitionId);
  if (!definition) throw new NotFoundError("Workflow definition");
  return stepsInScope(definition.stepsJson, run.scope) ?? [];
}
