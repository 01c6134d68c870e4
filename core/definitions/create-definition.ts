import { ValidationError } from "../domain/errors";
import { jsonBytes } from "../domain/json-bounds";
import { LIMITS } from "../domain/limits";
import type { AgentStep, LlmStep, StepDefinition, SubWorkflowStep } from "../domain/step";
import { allStepLists } from "../domain/step-lists";
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
  await refuseUnknownReferences(deps, workspaceId, input.steps);
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
    ...(input.debounce === undefined ? {} : { debounce: input.debounce }),
    ...(input.concurrency === undefined ? {} : { concurrency: input.concurrency }),
    ...(input.throttle === undefined ? {} : { throttle: input.throttle }),
  };
  await deps.store.definitions.create(definition);
  return definition;
}

/**
 * What a step names must exist in the workspace when the definition is stored. A sub_workflow step's
 * definition, by id, by name and version, or by a name that has a definition: definitions are immutable and
 * never removed, so one that exists now exists whenever a run reaches the step (a name alone runs its newest
 * definition then). An llm or agent step's MCP servers, and the tools it names of one that allows only some:
 * a server deleted later fails the step when it runs, as a deleted remote tool does.
 */
async function refuseUnknownReferences(
  deps: Pick<Deps, "store">,
  workspaceId: string,
  steps: readonly StepDefinition[],
): Promise<void> {
  const issues: { path: string; message: string }[] = [];
  for (const list of allStepLists(steps)) {
    for (const [i, step] of list.steps.entries()) {
      const found =
        step.type === "sub_workflow"
          ? [await unknownSubWorkflow(deps, workspaceId, step)]
          : step.type === "llm" || step.type === "agent"
            ? await unknownMcpServers(deps, workspaceId, step)
            : [];
      for (const issue of found) {
        if (issue) issues.push({ path: [...list.path, i, issue.field].join("."), message: issue.message });
      }
    }
  }
  if (issues.length > 0)
    throw new ValidationError(issues.map((issue) => issue.message).join("; "), { details: { issues } });
}

async function unknownMcpServers(
  deps: Pick<Deps, "store">,
  workspaceId: string,
  step: LlmStep | AgentStep,
): Promise<{ field: string; message: string }[]> {
  const issues: { field: string; message: string }[] = [];
  for (const [t, tool] of (step.tools ?? []).entries()) {
    if (!("mcpServer" in tool)) continue;
    const server = await deps.store.mcpServers.byName(workspaceId, tool.mcpServer);
    if (!server) {
      const message = `Step "${step.name}": no MCP server "${tool.mcpServer}" in this workspace`;
      issues.push({ field: `tools.${t}.mcpServer`, message });
      continue;
    }
    const refused = (tool.tools ?? []).filter(
      (name) => server.allowedTools && !server.allowedTools.includes(name),
    );
    if (refused.length > 0) {
      const message = `Step "${step.name}": MCP server "${tool.mcpServer}" does not allow ${refused.join(", ")}`;
      issues.push({ field: `tools.${t}.tools`, message });
    }
  }
  return issues;
}

async function unknownSubWorkflow(
  deps: Pick<Deps, "store">,
  workspaceId: string,
  step: SubWorkflowStep,
): Promise<{ field: string; message: string } | undefined> {
  const { definitions } = deps.store;
  const { definitionId, definitionName: name, definitionVersion: version } = step;
  if (definitionId !== undefined) {
    if (await definitions.get(workspaceId, definitionId)) return undefined;
    return {
      field: "definitionId",
      message: `Step "${step.name}": no definition ${definitionId} in this workspace`,
    };
  }
  if (name === undefined || (await definitions.latest(workspaceId, name, version))) return undefined;
  if (version === undefined || !(await definitions.latest(workspaceId, name))) {
    return {
      field: "definitionName",
      message: `Step "${step.name}": no workflow "${name}" in this workspace`,
    };
  }
  return {
    field: "definitionVersion",
    message: `Step "${step.name}": workflow "${name}" has no version "${version}" in this workspace`,
  };
}
