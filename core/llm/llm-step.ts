import { monthOf } from "../domain/budget";
import type { LlmMessage, LlmProvider, LlmResponse, LlmUsage, ProviderName } from "../domain/llm-call";
import { DEFAULT_FALLBACK_ON, type LlmErrorClass } from "../domain/llm-errors";
import { loadOnce } from "../domain/load-once";
import type { CallCost } from "../domain/pricing";
import type { LlmStep } from "../domain/step";
import type { StepExecutor } from "../domain/step-context";
import type { Clock } from "../ports/clock";
import type { LlmCacheStore, WorkspaceBudgetStore } from "../ports/store";
import type { CallTool } from "../remote-tools/call-remote-tool";
import type { FindTool } from "../remote-tools/find-tool";
import { AttemptLog } from "./attempt-log";
import { BudgetGuard, type WorkspaceBudgetAccess } from "./budget-guard";
import { budgetState } from "./budget-run";
import { type Candidate, nextCandidate, planCandidates } from "./candidates";
import { type ConversationResult, converse } from "./conversation";
import { llmOutcomes } from "./llm-outcomes";
import { askedWait, describeFailures, type Failure } from "./model-failures";
import { renderPrompt } from "./prompt";
import { type LoadCredentials, missingKeyError } from "./provider-credentials";
import { providerForModel } from "./resolve-provider";
import { ResponseCache } from "./response-cache";
import { createToolRunner, resolveStepTools } from "./step-tools";
import { type ForwardToken, forwardTo } from "./token-forwarding";

export interface LlmExecutorDeps {
  /** The adapters, one per provider (createProviders in production, in-process fakes in unit tests). */
  providers: Partial<Record<ProviderName, LlmProvider>>;
  loadCredentials: LoadCredentials;
  findTool: FindTool;
  callTool: CallTool;
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

/**
 * The answer's checks run on ajv and RE2 (about 300 kB minified), which a worker needs only once it runs an
 * llm step: they are imported on its first one, alongside the step's model call, rather than during every
 * cold start (a chunk of its own in the Lambda bundle).
 */
const loadOutputChecks = loadOnce(() => import("./output-checks"));

/**
 * `llm` (spec 2.4, decisions 3): renders the prompt, resolves tools and the order of models, converses
 * with each model in turn until one answers, checks the answer (JSON, outputSchema, guardrails) and
 * returns the outcome with every event and cost record the attempt produced.
 */
export function createLlmExecutor(deps: LlmExecutorDeps): StepExecutor<LlmStep> {
  return async ({ step, run, stepRun }) => {
    const checks = loadOutputChecks();
    // Awaited once the answer is in; a step that ends before that (over budget, no tool) leaves it unread.
    checks.catch(() => {});
    const prompt = renderPrompt(step, { input: run.input, state: run.state });
    const input = { model: step.model, fallbackModels: step.fallbackModels ?? [], ...prompt };
    const { failed, completed, overBudget } = llmOutcomes({ costId: deps.costId, run, stepRun, input });

    const resolved = await resolveStepTools(deps.findTool, run.workspaceId, step.tools ?? []);
    if (!resolved.ok) return failed(resolved.error, false);
    const [credentials, workspaceBudget] = await Promise.all([
      deps.loadCredentials(run.workspaceId),
      deps.workspaceBudgets.get(run.workspaceId),
    ]);
    const plan = planCandidates(step, credentials.fallbackProviders, deps.defaultModel);
    if (!plan.ok) return failed(plan.error, false);

    const log = new AttemptLog(step.name, Object.values(credentials.keys));
    const runTool = createToolRunner(resolved.tools, deps.callTool, {
      workflowRunId: run.id,
      stepName: step.name,
      callIdPrefix: `${stepRun.id}:${stepRun.attempt}`,
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
    const call = (candidate: Candidate, messages: LlmMessage[]): Promise<CallResult> => {
      if (!connect(candidate)) {
        const error = missingKeyError(candidate.provider, credentials);
        return Promise.resolve({ kind: "call-failed", error, retryable: false, errorClass: "unavailable" });
      }
      return converse({
        candidate,
        connect: (chosen) => {
          const connection = connect(chosen);
          if (!connection) throw new Error(`no key for ${chosen.provider}, which the guard checked`);
          return connection;
        },
        guard,
        system: prompt.system,
        messages,
        temperature: step.temperature,
        maxTokens: step.maxTokens,
        json: step.responseFormat === "json" || step.outputSchema !== undefined,
        tools: resolved.tools.specs,
        maxToolRounds: step.maxToolRounds,
        timeoutMs: deps.timeoutMs,
        clock: deps.clock,
        price: deps.price,
        runTool,
        log,
        ...(step.stream && deps.forwardToken && { onToken: forwardTo(deps.forwardToken, run, step.name) }),
      });
    };

    const cache = step.cache
      ? new ResponseCache(deps.llmCache, run.workspaceId, step, prompt, resolved.tools.specs)
      : undefined;
    const primary = plan.candidates[0];
    if (cache && primary) {
      const hit = await cache.lookup(primary, deps.clock.nowMs());
      // Checked again: another definition's step may send the same request with other checks.
      const checked = hit && (await checks).checkOutput(step, hit.response.text);
      if (hit && checked?.ok) {
        const model = { model: hit.model, provider: hit.provider };
        log.event("LLM_CALL_STARTED", { ...model, round: 0 });
        log.event("LLM_CALL_COMPLETED", {
          ...model,
          inputTokens: 0,
          outputTokens: 0,
          costUsd: 0,
          durationMs: 0,
          cached: true,
          savedUsd: hit.costUsd,
        });
        return completed(hit.response.text, model, checked, log, 0, true);
      }
    }

    const fallbackOn = step.fallbackOn ?? DEFAULT_FALLBACK_ON;
    const failures: Failure[] = [];
    let answer: { response: LlmResponse; candidate: Candidate } | undefined;
    // Where the calls of the conversation whose answer is used begin: those before it are wasted.
    let usedFrom = 0;
    let index: number | undefined = 0;
    while (index !== undefined && answer === undefined) {
      const candidate = plan.candidates[index];
      if (!candidate) break;
      usedFrom = log.calls.length;
      const result = await call(candidate, prompt.messages);
      if (result.kind === "answered") {
        answer = { response: result.response, candidate: result.candidate };
        break;
      }
      if (result.kind === "over-budget") return overBudget(result.admission, log);
      if (result.kind === "too-many-rounds") return failed(result.error, true, log);
      if (result.kind === "tool-refused") return failed(result.error, false, log);
      const { error, retryable, retryAfterMs } = result;
      failures.push({
        model: candidate.model,
        error,
        retryable,
        ...(retryAfterMs !== undefined && { retryAfterMs }),
      });
      index = nextCandidate(plan.candidates, index, result.errorClass, fallbackOn);
      const next = index === undefined ? undefined : plan.candidates[index];
      if (next) {
        log.event("LLM_FALLBACK_TRIGGERED", {
          failedModel: candidate.model,
          nextModel: next.model,
          error: result.error,
          errorClass: result.errorClass,
        });
      }
    }
    if (!answer) {
      const retryable = failures.some((failure) => failure.retryable);
      return { ...failed(describeFailures(failures), retryable, log), ...askedWait(failures) };
    }

    let { response, candidate } = answer;
    const { checkOutput } = await checks;
    let checked = checkOutput(step, response.text);
    // Invalid JSON goes back to the model that wrote it, with the error, before the retry policy applies.
    const conversation = [...prompt.messages];
    const repairs = step.repairAttempts ?? DEFAULT_REPAIR_ATTEMPTS;
    for (let repair = 1; !checked.ok && checked.repairable && repair <= repairs; repair++) {
      log.event("LLM_OUTPUT_REPAIR_REQUESTED", { model: candidate.model, error: checked.error, repair });
      conversation.push(
        { role: "assistant", content: response.text },
        { role: "user", content: repairRequest(checked.error) },
      );
      usedFrom = log.calls.length;
      const result = await call(candidate, conversation);
      if (result.kind === "over-budget") return overBudget(result.admission, log);
      if (result.kind !== "answered") {
        const retryable =
          result.kind === "call-failed" ? result.retryable : result.kind === "too-many-rounds";
        const asked = result.kind === "call-failed" ? askedWait([result]) : {};
        return { ...failed(`${candidate.model}: ${result.error}`, retryable, log), ...asked };
      }
      response = result.response;
      candidate = result.candidate;
      checked = checkOutput(step, response.text);
    }
    if (!checked.ok) {
      for (const { guardrail, reason } of checked.guardrails) {
        log.event("GUARDRAIL_TRIGGERED", { model: candidate.model, guardrail, reason });
      }
      // A bad answer may well be followed by a good one: the retry policy decides.
      return failed(checked.error, true, log);
    }
    await cache?.keep(candidate, response, log.totals().costUsd, deps.clock.nowMs());
    return completed(response.text, candidate, checked, log, usedFrom);
  };
}

/** A missing key is not a call: its candidate is skipped (`unavailable`) whatever `fallbackOn` says. */
type CallResult =
  | Exclude<ConversationResult, { kind: "call-failed" }>
  | (Omit<Extract<ConversationResult, { kind: "call-failed" }>, "errorClass"> & {
      errorClass: LlmErrorClass | "unavailable";
    });

const DEFAULT_REPAIR_ATTEMPTS = 1;

function repairRequest(error: string): string {
  return (
    `Your answer was rejected: ${error}. Answer again with exactly one JSON object that fixes this, ` +
    "and nothing else."
  );
}
