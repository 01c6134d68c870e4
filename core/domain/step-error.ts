/**
 * Every code a step failure can carry, in one table: a handler's (thrown as StepError) or a bound's
 * (thrown as BoundExceeded, core/domain/limits.ts). The code reaches STEP_FAILED and WORKFLOW_FAILED
 * payloads as `code`; `retryable` decides whether the step's retry policy applies at all.
 */
export const StepFailureCode = {
  /** The step's configuration cannot work (a missing field, a bad header): it fails the same every time. */
  HANDLER_CONFIG: "HANDLER_CONFIG",
  /** The `fail` handler, on purpose. */
  FAIL_HANDLER: "FAIL_HANDLER",
  /** The outbound guard refused the URL (not public HTTPS, or a forbidden address). */
  URL_REFUSED: "URL_REFUSED",
  HTTP_FAILED: "HTTP_FAILED",
  HTTP_NON_2XX: "HTTP_NON_2XX",
  UNKNOWN_TOOL: "UNKNOWN_TOOL",
  TOOL_FAILED: "TOOL_FAILED",
  TEMPLATE_TOO_LARGE: "TEMPLATE_TOO_LARGE",
  OUTPUT_TOO_LARGE: "OUTPUT_TOO_LARGE",
  OUTPUT_TOO_DEEP: "OUTPUT_TOO_DEEP",
  STATE_TOO_LARGE: "STATE_TOO_LARGE",
  ITEM_TOO_LARGE: "ITEM_TOO_LARGE",
  STEP_LIMIT: "STEP_LIMIT",
  ADVANCE_FAILED: "ADVANCE_FAILED",
  /** A map step's itemsKey holds more items than LIMITS.mapItems. */
  TOO_MANY_ITEMS: "TOO_MANY_ITEMS",
  /** A child run would sit deeper under its first ancestor than LIMITS.childRunDepth (a recursion). */
  NESTING_TOO_DEEP: "NESTING_TOO_DEEP",
  /** A map step's itemsKey does not name an array, or a sub_workflow's definition does not exist. */
  CHILD_CONFIG: "CHILD_CONFIG",
  /** An llm call would cross the run's budget (onExceed stop), or more spend was refused. */
  BUDGET_EXCEEDED: "BUDGET_EXCEEDED",
  /** An agent step took maxTurns model turns and still asked for tools. */
  AGENT_MAX_TURNS: "AGENT_MAX_TURNS",
  /** An agent step's messages would take its thread past THREAD_MESSAGES_MAX (docs/agents.md, "Threads"). */
  THREAD_FULL: "THREAD_FULL",
} as const;
export type StepFailureCode = (typeof StepFailureCode)[keyof typeof StepFailureCode];

/**
 * The failures that POST .../retry cannot mend: the retried step meets the same definition, state and
 * bounds, so it fails the same way. The dashboard offers no Retry for them (the API still takes one, as the
 * spec says). Not here: what may pass another time (a target's answer, a tool registered since, a budget
 * raised since, a store fault).
 */
export const RETRY_CANNOT_HELP: ReadonlySet<string> = new Set<StepFailureCode>([
  StepFailureCode.HANDLER_CONFIG,
  StepFailureCode.FAIL_HANDLER,
  StepFailureCode.URL_REFUSED,
  StepFailureCode.TEMPLATE_TOO_LARGE,
  StepFailureCode.STATE_TOO_LARGE,
  StepFailureCode.ITEM_TOO_LARGE,
  StepFailureCode.STEP_LIMIT,
  StepFailureCode.AGENT_MAX_TURNS,
]);

/**
 * A step attempt's failure. `retryable` decides whether the step's retry policy applies: a bad configuration
 * fails the same way every time, so retrying it only delays the inevitable. `retryAfterMs` is how long the
 * other side asked us to wait (a 429's or 503's Retry-After): the next attempt waits at least that long,
 * within the step's retry policy (core/domain/retry-policy.ts, retryDelay).
 */
export class StepError extends Error {
  readonly code: StepFailureCode;
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;

  constructor(
    code: StepFailureCode,
    message: string,
    options: { retryable?: boolean; cause?: unknown; retryAfterMs?: number } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.retryable = options.retryable ?? true;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** What a failed outcome keeps of a StepError besides its message. */
export function stepErrorFields(error: StepError): {
  retryable: boolean;
  code: StepFailureCode;
  retryAfterMs?: number;
} {
  const fields = { retryable: error.retryable, code: error.code };
  return error.retryAfterMs === undefined ? fields : { ...fields, retryAfterMs: error.retryAfterMs };
}
