import { ValidationError } from "../domain/errors";
import { jsonBytes } from "../domain/json-bounds";
import { LIMITS } from "../domain/limits";
import { isoAt } from "../domain/time";
import type { CreateWorkflowDefinitionInput } from "../domain/workflow-definition";
import type { StoredWorkflowDefinition } from "../domain/workflow-definition-record";
import type { Deps } from "../ports/deps";

/**
 * Stores a new, immutable definition (spec 4.3): a change to a workflow is a new definition with a new
 * version. The schema has checked each step; the whole list is bounded here, as one item must hold it.
 */
export async function createDefinition(
  deps: Pick<Deps, "store" | "clock" | "ids">,
  workspaceId: string,
  input: CreateWorkflowDefinitionInput,
): Promise<StoredWorkflowDefinition> {
  const stepsBytes = jsonBytes(input.steps);
  if (stepsBytes > LIMITS.definitionStepsBytes) {
    throw new ValidationError(
      `steps take ${stepsBytes} bytes; a definition holds at most ${LIMITS.definitionStepsBytes}`,
      {
        details: {
          issues: [{ path: "steps", message: `at most ${LIMITS.definitionStepsBytes} bytes of JSON` }],
        },
      },
    );
  }
  const now = isoAt(deps.clock.nowMs());
  const definition: StoredWorkflowDefinition = {
    id: deps.ids("definition"),
    workspaceId,
    name: input.name,
    version: input.version,
    description: input.description ?? null,
    stepsJson: input.steps,
    createdAt: now,
    updatedAt: now,
    ...(input.budget === undefined ? {} : { budget: input.budget }),
  };
  await deps.store.definitions.create(definition);
  return definition;
}
