/** One token delta of an llm step with `stream: true`, named by run, step and model. */
export interface TokenDelta {
  workspaceId: string;
  runId: string;
  stepName: string;
  model: string;
  delta: string;
}

/** Where token deltas go: the process's run feed. */
export type ForwardToken = (token: TokenDelta) => void;

/** An llm step's token deltas (`stream: true`) to the run's followers, named by run, step and model. */
export function forwardTo(forward: ForwardToken, run: { workspaceId: string; id: string }, stepName: string) {
  return (model: string, delta: string) => {
    try {
      forward({ workspaceId: run.workspaceId, runId: run.id, stepName, model, delta });
    } catch {
      // Tokens are best effort: a follower's failure never fails the step.
    }
  };
}
