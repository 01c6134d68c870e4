/**
 * Every run event type (spec 6.1) with its payload: the one table the engine records from, the API lists,
 * webhooks announce and the dashboard shows. `code` on the two failure events is Weft's addition (why,
 * for programs: a bound of docs/limits.md or a handler's code), present only when a failure has one.
 */
import type { Identity } from "./identity";
import type { LlmErrorClass } from "./llm-errors";

type Json = Record<string, unknown>;

// A type, not an interface: payloads must stay assignable to plain JSON records.
type BudgetFields = {
  stepName: string;
  scope: "run" | "workspace";
  spentUsd: number;
  spentTokens: number;
  maxCostUsd: number | null;
  maxTokens: number | null;
};

type ModelFields = {
  stepName: string;
  model: string;
  provider: string;
};

export interface EventPayloads {
  /** `rerunOf` and `fromStep`: a rerun (POST .../rerun), which starts at `fromStep`. */
  WORKFLOW_STARTED: { definitionId: string; input: Json; rerunOf?: string; fromStep?: string };
  /** The run follows another version of its definition from here on (POST .../upgrade). */
  WORKFLOW_UPGRADED: { fromDefinitionId: string; toDefinitionId: string; nextStepName: string | null };
  WORKFLOW_COMPLETED: { output: Json | null; durationMs: number };
  WORKFLOW_FAILED: { error: string; stepName: string | null; code?: string };
  WORKFLOW_CANCELLED: Record<string, never>;
  WORKFLOW_SUPERSEDED: { supersededBy: string };
  STEP_STARTED: { stepName: string; stepType: string; attempt: number };
  STEP_COMPLETED: { stepName: string; durationMs: number };
  STEP_FAILED: { stepName: string; error: string; attempt: number; code?: string };
  /** `retryAfterMs`: what the failed call's Retry-After asked for, when it named a wait (delayMs honours it). */
  STEP_RETRYING: {
    stepName: string;
    attempt: number;
    delayMs: number;
    retryAfterMs?: number;
    error: string | null;
  };
  /**
   * An agent's model turn committed (docs/agents.md): its number, the tools it asked for (run by the next
   * unit, each with its TOOL_CALL_EXECUTED) and what its calls spent.
   */
  AGENT_TURN_COMPLETED: {
    stepName: string;
    turn: number;
    toolCalls: string[];
    inputTokens: number;
    outputTokens: number;
    costUsd: number;
  };
  /** A rerun's step before `fromStep`, copied completed from the run it reruns (`copiedFrom`), not executed. */
  STEP_COPIED: { stepName: string; copiedFrom: string };
  APPROVAL_REQUESTED: { stepName: string; approvalRequestId: string };
  APPROVAL_VOTE_RECORDED: {
    stepName: string;
    approvalRequestId: string;
    decidedBy: string;
    decision: "approved" | "rejected";
    approvals: number;
    rejections: number;
    /** Who the service verified cast it, and through what (absent on votes recorded before it did). */
    identity?: Identity;
    via?: Identity["kind"];
  };
  /** Recorded when the step sets onTimeout (a step without it fails as the spec says, with no such event). */
  APPROVAL_EXPIRED: { stepName: string; approvalRequestId: string; onTimeout: "approve" | "reject" | "fail" };
  APPROVAL_REVISION_REQUESTED: {
    stepName: string;
    approvalRequestId: string;
    gotoStep: string;
    revision: number;
    comment: string | null;
  };
  APPROVAL_DECIDED: {
    stepName: string;
    approvalRequestId: string;
    decision: "approved" | "rejected" | "edited";
    decidedBy: string | null;
    /**
     * Who the service verified decided it, and through what: added to the spec's payload, absent on a
     * deadline's decision and on decisions recorded before the service recorded them.
     */
    identity?: Identity;
    via?: Identity["kind"];
    /** SHA-256 of the content the decision leaves (the edit, when edited), as the audit chain hashes it. */
    contentSha256?: string;
  };
  APPROVAL_REMINDER_SENT: { stepName: string; approvalRequestId: string; reminder: number };
  APPROVAL_ESCALATED: { stepName: string; approvalRequestId: string; assignees: string[] };
  /** `buffered`: sent before the run reached the step, and taken when it did. */
  SIGNAL_RECEIVED: { stepName: string; signalType: string; buffered?: true };
  /** A signal arrived before any step waited for it: the run keeps it (POST .../signals). */
  SIGNAL_BUFFERED: { signalType: string; id: string | null };
  /** `downgradedFrom`: the model the step asked for, when its budget sent the call to downgradeModel. */
  LLM_CALL_STARTED: ModelFields & { round: number; downgradedFrom?: string };
  LLM_CALL_COMPLETED: ModelFields & {
    inputTokens: number;
    outputTokens: number;
    costUsd: number;
    durationMs: number;
    /** The model is in no price table: its cost counts as 0. */
    unpriced?: true;
    /** Answered from the step's response cache: no provider call, cost 0; `savedUsd` is what it cost then. */
    cached?: true;
    savedUsd?: number;
  };
  LLM_CALL_FAILED: ModelFields & { error: string; errorClass: LlmErrorClass; durationMs: number };
  LLM_FALLBACK_TRIGGERED: {
    stepName: string;
    failedModel: string;
    nextModel: string;
    error: string;
    /** Why this failure moved on: its class, or `unavailable` when the provider has no key. */
    errorClass: LlmErrorClass | "unavailable";
  };
  /** The answer failed its JSON or schema check; the same model is asked again with the error. */
  LLM_OUTPUT_REPAIR_REQUESTED: { stepName: string; model: string; error: string; repair: number };
  /** The run's spend crossed its budget's warnAt: once per run. */
  BUDGET_WARNING: BudgetFields & { warnAt: number };
  /** A call's worst case would cross the budget: what happened instead (`action`). */
  BUDGET_EXCEEDED: BudgetFields & {
    model: string;
    worstCaseUsd: number;
    worstCaseTokens: number;
    action: "stop" | "pause" | "downgrade";
    downgradeModel?: string;
  };
  GUARDRAIL_TRIGGERED: { stepName: string; model: string; guardrail: string; reason: string };
  TOOL_CALL_EXECUTED: { stepName: string; tool: string; durationMs: number; ok: boolean; error?: string };
  /** A parallel, map or sub_workflow step started a child run (docs/flow.md); `index`: its branch or item. */
  CHILD_RUN_STARTED: {
    stepName: string;
    childRunId: string;
    kind: "sub_workflow" | "branch" | "item";
    index: number;
    /** A parallel step's branch. */
    branch?: string;
    /** A sub_workflow step naming its workflow by name: the definition it resolved to when it started. */
    definitionId?: string;
    definitionVersion?: string;
  };
  /** A child run ended and the step took its outcome; CANCELLED children count as failed. */
  CHILD_RUN_ENDED: {
    stepName: string;
    childRunId: string;
    index: number;
    status: "COMPLETED" | "FAILED";
    error?: string;
  };
}

export type EventType = keyof EventPayloads;

/** One event as a change records it: its type and the payload that type carries. */
export type RunEvent = { [T in EventType]: { eventType: T; payload: EventPayloads[T] } }[EventType];

export const EVENT_TYPES = [
  "WORKFLOW_STARTED",
  "WORKFLOW_COMPLETED",
  "WORKFLOW_FAILED",
  "WORKFLOW_CANCELLED",
  "WORKFLOW_SUPERSEDED",
  "WORKFLOW_UPGRADED",
  "STEP_STARTED",
  "STEP_COMPLETED",
  "STEP_FAILED",
  "STEP_RETRYING",
  "STEP_COPIED",
  "APPROVAL_REQUESTED",
  "APPROVAL_DECIDED",
  "APPROVAL_REVISION_REQUESTED",
  "APPROVAL_EXPIRED",
  "APPROVAL_VOTE_RECORDED",
  "APPROVAL_REMINDER_SENT",
  "APPROVAL_ESCALATED",
  "SIGNAL_RECEIVED",
  "SIGNAL_BUFFERED",
  "LLM_CALL_STARTED",
  "LLM_CALL_COMPLETED",
  "LLM_CALL_FAILED",
  "LLM_FALLBACK_TRIGGERED",
  "LLM_OUTPUT_REPAIR_REQUESTED",
  "BUDGET_WARNING",
  "BUDGET_EXCEEDED",
  "GUARDRAIL_TRIGGERED",
  "TOOL_CALL_EXECUTED",
  "AGENT_TURN_COMPLETED",
  "CHILD_RUN_STARTED",
  "CHILD_RUN_ENDED",
] as const satisfies readonly EventType[];
