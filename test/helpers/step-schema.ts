import { CreateWorkflowDefinitionInput } from "../../core/domain/workflow-definition";

/** Parses steps the way POST /v1/workflow-definitions does, for schema tests that look at one step. */
export function parseSteps(steps: unknown[]) {
  return CreateWorkflowDefinitionInput.safeParse({ name: "d", version: "1", steps });
}

export function issues(step: unknown) {
  const result = parseSteps([step]);
  return result.success ? [] : result.error.issues;
}

export function paths(step: unknown) {
  return issues(step).map((issue) => issue.path);
}

/** The step as stored (defaults applied); throws with the issues when it is refused. */
export function accepted(step: unknown) {
  const result = parseSteps([step]);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data.steps[0];
}
