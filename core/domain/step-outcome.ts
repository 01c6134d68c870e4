import type { AgentProgress } from "./agent-step";
import type { AttemptCost } from "./cost-record";
import type { RunEvent } from "./events";
import type { ApprovalNudge, StepWait } from "./run-cursor";

type Json = Record<string, unknown>;

/** An event the attempt produced along the way (an LLM call, a fallback, a tool call), recorded in order. */
export type AttemptEvent = Extract<
  RunEvent,
  {
    eventType:
      | "LLM_CALL_STARTED"
      | "LLM_CALL_COMPLETED"
      | "LLM_CALL_FAILED"
      | "LLM_FALLBACK_TRIGGERED"
      | "LLM_OUTPUT_REPAIR_REQUESTED"
      | "BUDGET_WARNING"
      | "BUDGET_EXCEEDED"
      | "GUARDRAIL_TRIGGERED"
      | "TOOL_CALL_EXECUTED"
      | "AGENT_TURN_COMPLETED";
  }
>;

/**
 * What one attempt of a step came to. Executors return it; apply-outcome turns it into the transition the
 * state tables allow. `input` is what the step ran with (its rendered configuration), kept on the step run;
 * `events` are recorded before the step's own completion or failure event, in the same commit.
 */
/** The definition a sub_workflow step named by name runs (docs/flow.md, "sub_workflow"). */
export interface ResolvedDefinition {
  id: string;
  version: string;
}

interface Common {
  input?: Json;
  events?: AttemptEvent[];
  /** Model calls the attempt paid for, whatever it came to: stored by the same commit, in the run's partition. */
  cost?: AttemptCost;
}

export type StepOutcome =
  | (Common & {
      kind: "completed";
      output: Json;
      mergeIntoState?: boolean;
      nextStepName?: string;
      /** What goes to the state when it differs from the step run's output (an llm step's usage stays out). */
      stateValue?: unknown;
    })
  | (Common & { kind: "waiting"; wait: Extract<StepWait, { kind: "timer" | "signal" }> })
  /**
   * An agent step moved on by one unit (a model turn, or the tool calls a turn asked for) and goes on: the
   * unit is committed on its own, and the step stays RUNNING for the next (docs/agents.md).
   */
  | (Common & { kind: "progress"; progress: AgentProgress })
  /** A parallel, map or sub_workflow step starts `total` child runs, at most `concurrency` at a time. */
  | (Common & {
      kind: "children";
      total: number;
      concurrency: number;
      /** A sub_workflow step naming its workflow by name: the definition it resolved to. */
      definition?: ResolvedDefinition;
    })
  | (Common & {
      kind: "approval";
      /** `budget`: a request for more spend (docs/llm.md), decided by raising the run's budget. */
      approvalKind?: "budget";
      contentKey: string;
      content: Json;
      prompt: string | null;
      deadlineMs: number | null;
      /** The step's reminders and escalation, soonest first. */
      nudges: ApprovalNudge[];
    })
  | (Common & {
      kind: "failed";
      error: string;
      retryable: boolean;
      /** Why, for programs: a bound's code (core/domain/limits.ts) or a handler's StepError code. */
      code?: string;
      /** How long the other side asked us to wait (Retry-After): the next attempt waits at least that long. */
      retryAfterMs?: number;
    });
