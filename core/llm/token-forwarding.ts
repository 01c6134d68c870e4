import type { LlmExecutorDeps } from "./llm-step";

/** An llm step's token deltas (`stream: true`) to the run's followers, named by run, step and model. */
export function forwardTo(
  forward: NonNullable<LlmExecutorDeps["forwardToken"]>,
  run: { workspaceId: string; id: string },
  stepName: string,
) {
  return (model: string, delta: string) => {
    try {
      forward({ workspaceId: run.workspaceId, runId: run.id, stepName, model, delta });
    } catch {
      // Tokens are best effort: a follower's failure never fails the step.
    }
  };
}
