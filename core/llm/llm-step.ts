import { DEFAULT_FALLBACK_ON } from "../domain/llm-errors";
import { loadOnce } from "../domain/load-once";
import type { LlmStep } from "../domain/step";
import type { StepExecutor } from "../domain/step-context";
import { llmOutcomes } from "./llm-outcomes";
import { askedWait } from "./model-failures";
import {
  type ConversationOptions,
  firstAnswer,
  type LlmExecutorDeps,
  openModelSession,
} from "./model-session";
import { renderPrompt } from "./prompt";
import { ResponseCache } from "./response-cache";
import { forwardTo } from "./token-forwarding";

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

    const opened = await openModelSession(deps, {
      step,
      run,
      stepRun,
      toolCallIdPrefix: `${stepRun.id}:${stepRun.attempt}`,
    });
    if (!opened.ok) return failed(opened.error, opened.retryable ?? false, undefined, opened.code);
    const { session } = opened;
    const { log } = session;
    const conversation: ConversationOptions = {
      system: prompt.system,
      json: step.responseFormat === "json" || step.outputSchema !== undefined,
      maxToolRounds: step.maxToolRounds,
      ...(step.stream && deps.forwardToken && { onToken: forwardTo(deps.forwardToken, run, step.name) }),
    };

    const cache = step.cache
      ? new ResponseCache(deps.llmCache, run.workspaceId, step, prompt, session.tools.specs)
      : undefined;
    const primary = session.candidates[0];
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

    const answer = await firstAnswer(
      session,
      prompt.messages,
      step.fallbackOn ?? DEFAULT_FALLBACK_ON,
      conversation,
    );
    if (answer.kind === "over-budget") return overBudget(answer.admission, log);
    if (answer.kind === "too-many-rounds" || answer.kind === "too-many-calls")
      return failed(answer.error, true, log);
    if (answer.kind === "tool-refused") return failed(answer.error, false, log);
    if (answer.kind === "no-answer") {
      return { ...failed(answer.error, answer.retryable, log), ...askedWait(answer.failures) };
    }

    let { response, candidate, usedFrom } = answer;
    const { checkOutput, repairRequest, DEFAULT_REPAIR_ATTEMPTS } = await checks;
    let checked = checkOutput(step, response.text);
    // Invalid JSON goes back to the model that wrote it, with the error, before the retry policy applies.
    const repaired = [...prompt.messages];
    const repairs = step.repairAttempts ?? DEFAULT_REPAIR_ATTEMPTS;
    for (let repair = 1; !checked.ok && checked.repairable && repair <= repairs; repair++) {
      log.event("LLM_OUTPUT_REPAIR_REQUESTED", { model: candidate.model, error: checked.error, repair });
      repaired.push(
        { role: "assistant", content: response.text },
        { role: "user", content: repairRequest(checked.error) },
      );
      usedFrom = log.calls.length;
      const result = await session.call(candidate, repaired, conversation);
      if (result.kind === "over-budget") return overBudget(result.admission, log);
      if (result.kind !== "answered") {
        const retryable =
          result.kind === "call-failed"
            ? result.retryable
            : result.kind === "too-many-rounds" || result.kind === "too-many-calls";
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
