import type { StepDefinition } from "../../core/domain/step";
import { isoAt } from "../../core/domain/time";
import type { StoredWorkflowDefinition } from "../../core/domain/workflow-definition-record";
import { WORKSPACE } from "./clients";
import type { World } from "./ports";
import type { Random } from "./random";
import { concurrencySetting, definitionSteps, nextVersion } from "./workload";

/** One or two definitions to start runs of, and the one their sub_workflow steps run. */
export async function storeDefinitions(
  world: World,
  random: Random,
): Promise<{
  definitions: StoredWorkflowDefinition[];
  /** The definition sub_workflow steps run; runs are not started on it directly. */
  child: StoredWorkflowDefinition;
}> {
  const child = await storeDefinition(world, "sim-child", definitionSteps(random));
  const definitions: StoredWorkflowDefinition[] = [];
  for (let i = random.between(1, 2); i > 0; i--) {
    const definition = await storeDefinition(
      world,
      `sim-${i}`,
      definitionSteps(random, { childDefinitionId: child.id }),
      concurrencySetting(random),
    );
    definitions.push(definition);
    if (random.chance(0.75)) {
      const version: StoredWorkflowDefinition = {
        ...definition,
        id: world.ids("definition"),
        version: "2",
        stepsJson: nextVersion(random, definition.stepsJson),
      };
      await world.store.definitions.create(version);
      definitions.push(version);
    }
  }
  return { definitions, child };
}

/** One definition of the simulated workspace, version 1. */
export async function storeDefinition(
  world: World,
  name: string,
  stepsJson: StepDefinition[],
  settings: Pick<StoredWorkflowDefinition, "concurrency"> = {},
): Promise<StoredWorkflowDefinition> {
  const now = isoAt(world.clock.nowMs());
  const definition: StoredWorkflowDefinition = {
    id: world.ids("definition"),
    workspaceId: WORKSPACE,
    name,
    version: "1",
    description: null,
    stepsJson,
    createdAt: now,
    updatedAt: now,
    ...settings,
  };
  await world.store.definitions.create(definition);
  return definition;
}
