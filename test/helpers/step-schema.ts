import { CreateWorkflowDefinitionInput } from "../../core/domain/workflow-definition";

/** Parses steps the way POST /v1/workflow-definitions does, for schema tests that look at one step. */
export function parseSteps(steps: unknown[]) {
  return CreateWorkflowDefinitionInput.safeParseAsync({ name: "d", version: "1", steps });
}

export async function issues(step: unknown) {
  const result = await parseSteps([step]);
  return result.success ? [] : result.error.issues;
}

export async function paths(step: unknown) {
  return (await issues(step)).map((issue) => issue.path);
}

/** The step as stored (defaults applied); throws with the issues when it is refused. */
export async function accepted(step: unknown) {
  const result = await parseSteps([step]);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data.steps[0];
}
