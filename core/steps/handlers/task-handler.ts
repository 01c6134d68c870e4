/**
 * A task handler: the code behind a `task` step's `handler` name. Built-in ones live beside this file;
 * self-hosters register their own in a HandlerRegistry. A handler may run more than once for one step
 * (a worker can crash after the side effect and before the commit), so it receives an idempotency key that
 * is stable across those repeats and changes only with a new attempt.
 */
export interface TaskContext {
  /** The step's `config`, with `{{input.x}}`, `{{state.x}}` and `{{x}}` placeholders already filled in. */
  config: Record<string, unknown>;
  state: Readonly<Record<string, unknown>>;
  workspaceId: string;
  runId: string;
  stepName: string;
  stepRunId: string;
  attempt: number;
  /** `<stepRunId>:<attempt>`: send it to external systems so a repeated call is recognised. */
  idempotencyKey: string;
  /** When the attempt started, on the service's clock: what a Retry-After date is counted from. */
  nowMs: number;
}

export interface TaskResult {
  output: Record<string, unknown>;
  /** Values to merge into the top level of the workflow state instead of storing the output under a key. */
  mergeIntoState?: boolean;
}

export type TaskHandler = (context: TaskContext) => Promise<TaskResult>;
