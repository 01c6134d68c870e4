import { monthOf } from "../domain/budget";
import type { LlmMessage, LlmProvider, LlmResponse, LlmUsage, ProviderName } from "../domain/llm-call";
import type { LlmErrorClass } from "../domain/llm-errors";
import type { CallCost } from "../domain/pricing";
import type { StepRun } from "../domain/run";
import type { RunRecord } from "../domain/run-record";
import type { LlmStep } from "../domain/step";
import type { McpAccess } from "../mcp-servers/mcp-access";
import type { Clock } from "../ports/clock";
import type { LlmCacheStore, WorkspaceBudgetStore } from "../ports/store";
import type { CallTool } from "../remote-tools/call-remote-tool";
import type { FindTool } from "../remote-tools/find-tool";
import { AttemptLog } from "./attempt-log";
import { BudgetGuard, type WorkspaceBudgetAccess } from "./budget-guard";
import { budgetState } from "./budget-run";
import { type Candidate, nextCandidate, planCandidates } from "./candidates";
import { type ConversationResult, type ConversationSetup, converse } from "./conversation";
import { describeFailures, type Failure } from "./model-failures";
import { type LoadCredentials, missingKeyError } from "./provider-credentials";
import { providerForModel } from "./resolve-provider";
import { createToolRunner, resolveStepTools, type StepTools } from "./step-tools";
import type { ForwardToken } from "./token-forwarding";

export interface LlmExecutorDeps {
  /** The adapters, one per provider (createProviders in production, in-process fakes in unit tests). */
  providers: Partial<Record<ProviderName, LlmProvider>>;
  loadCredentials: LoadCredentials;
  findTool: FindTool;
  callTool: CallTool;
  mcp: McpAccess;
  price: (model: string, usage: LlmUsage) => CallCost;
  defaultModel: (provider: ProviderName) => string;
  clock: Clock;
  /** LLM_TIMEOUT_MS: the limit of each provider call. */
  timeoutMs: number;
  /** A fresh id for the attempt's cost item (a ULID: unique, time-ordered). */
  costId: () => string;
  workspaceBudgets: WorkspaceBudgetAccess["store"] & Pick<WorkspaceBudgetStore, "get">;
  llmCache: LlmCacheStore;
  /** Where the token deltas of a step with `stream: true` go (the process's run feed); absent, nowhere. */
  forwardToken?: ForwardToken;
}

/** What a step that calls models shares, the llm step's and the agent step's. */
type ModelStep = Pick<
  LlmStep,
  "name" | "model" | "fallbackModels" | "temperature" | "maxTokens" | "tools" | "fallbackOn"
>;

/** How one conversation goes: the answer's format, its tool rounds, who runs its tools, where deltas go. */
export type ConversationOptions = Pick<
  ConversationSetup,
  "json" | "maxToolRounds" | "callerRunsTools" | "onToken" | "system" | "toolChoice"
>;

/**
 * One attempt's (or one agent unit's) access to models: the step's tools resolved, the workspace's keys and
 * budgets loaded, its candidates in order, and one log of what the calls did and cost.
 */
export interface ModelSession {
  log: AttemptLog;
  candidates: Candidate[];
  tools: StepTools;
  runTool: ConversationSetup["runTool"];
  call(candidate: Candidate, messages: LlmMessage[], options: ConversationOptions): Promise<CallResult>;
}

/** A missing key is not a call: its candidate is skipped (`unavailable`) whatever `fallbackOn` says. */
export type CallResult =
  | Exclude<ConversationResult, { kind: "call-failed" }>
  | (Omit<Extract<ConversationResult, { kind: "call-failed" }>, "errorClass"> & {
      errorClass: LlmErrorClass | "unavailable";
    });

/**
 * Opens the step's session: its tools resolved against the workspace (an unregistered one fails the attempt
 * before any model is called), its candidates planned, its budgets read. Tool calls are numbered under
 * `toolCallIdPrefix`, so a repeat after a crash sends the same ids.
 */
export async function openModelSession(
  deps: LlmExecutorDeps,
  context: { step: ModelStep; run: RunRecord; stepRun: StepRun; toolCallIdPrefix: string },
): Promise<
  { ok: true; session: ModelSession } | { ok: false; error: string; retryable?: boolean; code?: string }
> {
  const { step, run } = context;
  const resolved = await resolveStepTools(deps, run.workspaceId, step.tools ?? []);
  if (!resolved.ok) return resolved;
  const [credentials, workspaceBudget] = await Promise.all([
    deps.loadCredentials(run.workspaceId),
    deps.workspaceBudgets.get(run.workspaceId),
  ]);
  const plan = planCandidates(step, credentials.fallbackProviders, deps.defaultModel);
  if (!plan.ok) return plan;

  const log = new AttemptLog(step.name, Object.values(credentials.keys));
  const runTool = createToolRunner(resolved.tools, deps, {
    workflowRunId: run.id,
    stepName: step.name,
    callIdPrefix: context.toolCallIdPrefix,
  });
  const connect = (candidate: Candidate) => {
    const apiKey = credentials.keys[candidate.provider];
    const provider = deps.providers[candidate.provider];
    return apiKey && provider ? { apiKey, provider } : undefined;
  };
  const guard = new BudgetGuard(
    budgetState(run),
    log,
    deps.price,
    (model) => {
      const provider = providerForModel(model);
      const candidate = provider ? { model, provider } : undefined;
      return candidate && connect(candidate) ? candidate : undefined;
    },
    workspaceBudget && {
      workspaceId: run.workspaceId,
      budget: workspaceBudget,
      month: monthOf(deps.clock.nowMs()),
      store: deps.workspaceBudgets,
    },
  );
  const call = (candidate: Candidate, messages: LlmMessage[], options: ConversationOptions) => {
    if (!connect(candidate)) {
      const error = missingKeyError(candidate.provider, credentials);
      return Promise.resolve<CallResult>({
        kind: "call-failed",
        error,
        retryable: false,
        errorClass: "unavailable",
      });
    }
    return converse({
      candidate,
      connect: (chosen) => {
        const connection = connect(chosen);
        if (!connection) throw new Error(`no key for ${chosen.provider}, which the guard checked`);
        return connection;
      },
      guard,
      messages,
      temperature: step.temperature,
      maxTokens: step.maxTokens,
      tools: resolved.tools.specs,
      timeoutMs: deps.timeoutMs,
      clock: deps.clock,
      price: deps.price,
      runTool,
      log,
      ...options,
    });
  };
  return { ok: true, session: { log, candidates: plan.candidates, tools: resolved.tools, runTool, call } };
}

/** What asking the candidates in turn came to. */
export type FirstAnswer =
  | { kind: "answered"; response: LlmResponse; candidate: Candidate; usedFrom: number }
  | Extract<CallResult, { kind: "over-budget" | "too-many-rounds" | "too-many-calls" | "tool-refused" }>
  | { kind: "no-answer"; failures: Failure[]; error: string; retryable: boolean };

/**
 * Asks each candidate in turn until one answers, moving on as `fallbackOn` allows (candidates.ts), and
 * recording each move (LLM_FALLBACK_TRIGGERED). `usedFrom` is where the answering conversation's calls begin
 * in the log: those before it were wasted.
 */
export async function firstAnswer(
  session: ModelSession,
  messages: LlmMessage[],
  fallbackOn: readonly LlmErrorClass[],
  options: ConversationOptions,
): Promise<FirstAnswer> {
  const { candidates, log } = session;
  const failures: Failure[] = [];
  let index: number | undefined = 0;
  while (index !== undefined) {
    const candidate = candidates[index];
    if (!candidate) break;
    const usedFrom = log.calls.length;
    const result = await session.call(candidate, messages, options);
    if (result.kind === "answered") return { ...result, usedFrom };
    if (result.kind !== "call-failed") return result;
    const { error, retryable, retryAfterMs } = result;
    failures.push({
      model: candidate.model,
      error,
      retryable,
      ...(retryAfterMs !== undefined && { retryAfterMs }),
    });
    index = nextCandidate(candidates, index, result.errorClass, fallbackOn);
    const next = index === undefined ? undefined : candidates[index];
    if (next) {
      log.event("LLM_FALLBACK_TRIGGERED", {
        failedModel: candidate.model,
        nextModel: next.model,
        error: result.error,
        errorClass: result.errorClass,
      });
    }
  }
  return {
    kind: "no-answer",
    failures,
    error: describeFailures(failures),
    retryable: failures.some((failure) => failure.retryable),
  };
}
