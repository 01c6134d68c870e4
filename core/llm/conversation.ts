import { NO_SPEND } from "../domain/budget";
import { LIMITS } from "../domain/limits";
import {
  type LlmMessage,
  type LlmProvider,
  type LlmResponse,
  type LlmUsage,
  ProviderError,
  type ToolCall,
  type ToolChoice,
  type ToolSpec,
} from "../domain/llm-call";
import { errorClassOf, type LlmErrorClass } from "../domain/llm-errors";
import type { CallCost } from "../domain/pricing";
import { providerWaitMs } from "../domain/retry-after";
import type { Clock } from "../ports/clock";
import type { AttemptLog, ToolCallSummary } from "./attempt-log";
import type { Admission, BudgetGuard } from "./budget-guard";
import type { Candidate } from "./candidates";

export interface ConversationSetup {
  candidate: Candidate;
  /** The adapter and key of a candidate's provider; only asked for candidates known to have both. */
  connect: (candidate: Candidate) => { provider: LlmProvider; apiKey: string };
  /** The run's budget: weighs each call before it is made, and may send it to a cheaper model. */
  guard: BudgetGuard;
  system?: string;
  messages: LlmMessage[];
  temperature?: number;
  maxTokens?: number;
  json: boolean;
  tools: ToolSpec[];
  /** How the model may use the tools (an agent's `toolChoice`); absent, as it likes. */
  toolChoice?: ToolChoice;
  maxToolRounds: number;
  timeoutMs: number;
  clock: Clock;
  price: (model: string, usage: LlmUsage) => CallCost;
  /** Runs one tool call: the text the model gets back as its result, and how it went. Never throws. */
  runTool: (call: ToolCall) => Promise<{ content: string; summary: ToolCallSummary; refused?: boolean }>;
  log: AttemptLog;
  /**
   * The caller runs the answer's tool calls (an agent step, which commits each turn before its tools run): the
   * conversation ends at the first answer, its tool calls in it.
   */
  callerRunsTools?: boolean;
  /** The step streams (`stream: true`): each text delta of each call, with the model writing it. */
  onToken?: (model: string, delta: string) => void;
}

export type ConversationResult =
  | { kind: "answered"; response: LlmResponse; candidate: Candidate }
  /** The provider call failed: the next candidate may be tried (candidates.ts decides from its class). */
  | {
      kind: "call-failed";
      error: string;
      retryable: boolean;
      errorClass: LlmErrorClass;
      /** How long the provider asked us to wait before asking again (a 429's retry-after, a reset). */
      retryAfterMs?: number;
    }
  /** The budget refused the call: the attempt stops or pauses (Admission.action). */
  | { kind: "over-budget"; admission: Extract<Admission, { kind: "refused" }> }
  /** The model still wanted tools after maxToolRounds rounds: the attempt fails (no other model is tried). */
  | { kind: "too-many-rounds"; error: string }
  /** The guard refused a tool's URL: the attempt fails for good, as any model and any retry would meet it. */
  | { kind: "tool-refused"; error: string }
  /** One answer asked for more tool calls than LIMITS.toolCallsPerAnswer: none runs; another attempt may ask fewer. */
  | { kind: "too-many-calls"; error: string };

/**
 * One model's side of the step: call it, and while it answers with tool calls (and rounds remain) run
 * them, hand it their results, and call it again. Each call records LLM_CALL_STARTED, then
 * LLM_CALL_COMPLETED (with its cost record) or LLM_CALL_FAILED.
 */
export async function converse(setup: ConversationSetup): Promise<ConversationResult> {
  const { log } = setup;
  let candidate = setup.candidate;
  let downgradedFrom: string | undefined;
  const messages = [...setup.messages];
  // maxToolRounds 0 means no tool round at all, so the model is not offered the tools.
  const tools = setup.maxToolRounds > 0 && setup.tools.length > 0 ? setup.tools : undefined;
  for (let round = 0; ; round++) {
    const admission = await setup.guard.admit({
      candidate,
      system: setup.system,
      messages,
      tools,
      maxTokens: setup.maxTokens,
    });
    if (admission.kind === "refused") return { kind: "over-budget", admission };
    // Once downgraded, the rest of the conversation (tool rounds) stays on the cheaper model.
    downgradedFrom ??= admission.downgradedFrom;
    candidate = admission.candidate;
    const { provider, apiKey } = setup.connect(candidate);
    const model = { model: candidate.model, provider: candidate.provider };
    log.event("LLM_CALL_STARTED", { ...model, round, ...(downgradedFrom ? { downgradedFrom } : {}) });
    const startedMs = setup.clock.nowMs();
    let response: LlmResponse;
    try {
      response = await provider.complete({
        model: candidate.model,
        system: setup.system,
        messages,
        temperature: setup.temperature,
        maxTokens: setup.maxTokens,
        tools,
        ...(tools && setup.toolChoice && { toolChoice: setup.toolChoice }),
        json: setup.json,
        apiKey,
        timeoutMs: setup.timeoutMs,
        ...(setup.onToken && { onToken: (delta: string) => setup.onToken?.(candidate.model, delta) }),
      });
    } catch (error) {
      const message = log.scrub(error instanceof Error ? error.message : String(error));
      const durationMs = setup.clock.nowMs() - startedMs;
      // Anything but a classified ProviderError is unexpected; it says nothing against trying again.
      const errorClass = error instanceof ProviderError ? errorClassOf(error.kind) : "server_error";
      // A failed call is not billed: its claim on the workspace budget is given back.
      await setup.guard.settle(admission, NO_SPEND);
      log.event("LLM_CALL_FAILED", { ...model, error: message, errorClass, durationMs });
      const waitHeaders = error instanceof ProviderError ? error.waitHeaders : undefined;
      const retryAfterMs = waitHeaders && providerWaitMs(waitHeaders, setup.clock.nowMs());
      return {
        kind: "call-failed",
        error: message,
        errorClass,
        retryable: !(error instanceof ProviderError) || error.retryable,
        ...(retryAfterMs !== undefined && { retryAfterMs }),
      };
    }
    const durationMs = setup.clock.nowMs() - startedMs;
    const { inputTokens, outputTokens } = response.usage;
    const { costUsd, priced } = setup.price(candidate.model, response.usage);
    log.calls.push({
      stepName: log.stepName,
      ...model,
      inputTokens,
      outputTokens,
      costUsd,
      createdAt: iso(setup),
    });
    log.event("LLM_CALL_COMPLETED", {
      ...model,
      inputTokens,
      outputTokens,
      costUsd,
      durationMs,
      ...(priced ? {} : { unpriced: true }),
    });
    await setup.guard.settle(admission, { costUsd, tokens: inputTokens + outputTokens });

    if (tools && response.toolCalls.length > LIMITS.toolCallsPerAnswer) {
      return {
        kind: "too-many-calls",
        error: `${candidate.model} asked for ${response.toolCalls.length} tool calls in one answer; at most ${LIMITS.toolCallsPerAnswer} run (LIMITS.toolCallsPerAnswer)`,
      };
    }
    if (!tools || response.toolCalls.length === 0 || setup.callerRunsTools) {
      return { kind: "answered", response, candidate };
    }
    if (round >= setup.maxToolRounds) {
      return {
        kind: "too-many-rounds",
        error: `${candidate.model} still asked for tools after ${setup.maxToolRounds} tool rounds (maxToolRounds)`,
      };
    }
    messages.push({ role: "assistant", content: response.text, toolCalls: response.toolCalls });
    const ran = await runToolCalls(response.toolCalls, setup.runTool, log);
    messages.push(...ran.results);
    if (ran.refused) return { kind: "tool-refused", error: ran.refused };
  }
}

/**
 * Runs one answer's tool calls, in parallel as the model asked for them together, each logged
 * (TOOL_CALL_EXECUTED): their results in the order of the calls, and why a refused URL ends the attempt.
 */
export async function runToolCalls(
  calls: readonly ToolCall[],
  runTool: ConversationSetup["runTool"],
  log: AttemptLog,
): Promise<{ results: Extract<LlmMessage, { role: "tool" }>[]; answered: boolean[]; refused?: string }> {
  const ran = await Promise.all(calls.map((call) => runTool(call)));
  // Beside the results, which the model reads as text either way: which calls the tool answered.
  const answered = ran.map((result) => result?.summary.ok === true);
  const results = calls.flatMap((call, index) => {
    const result = ran[index];
    if (!result) return [];
    const { tool, durationMs, ok, error } = result.summary;
    log.toolCalls.push(result.summary);
    log.event("TOOL_CALL_EXECUTED", { tool, durationMs, ok, ...(error === undefined ? {} : { error }) });
    return [{ role: "tool" as const, toolCallId: call.id, toolName: call.name, content: result.content }];
  });
  const refused = ran.find((result) => result.refused);
  return refused
    ? { results, answered, refused: `Remote tool "${refused.summary.tool}": ${refused.summary.error}` }
    : { results, answered };
}

function iso(setup: ConversationSetup): string {
  return new Date(setup.clock.nowMs()).toISOString();
}
