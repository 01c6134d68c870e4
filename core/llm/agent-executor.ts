import type { AgentProgress, AgentStep } from "../domain/agent-step";
import { BoundExceeded } from "../domain/limits";
import type { LlmMessage } from "../domain/llm-call";
import { DEFAULT_FALLBACK_ON } from "../domain/llm-errors";
import type { StepExecutor } from "../domain/step-context";
import { StepFailureCode } from "../domain/step-error";
import type { StepOutcome } from "../domain/step-outcome";
import { isoAt } from "../domain/time";
import type { BlobStore } from "../ports/blob-store";
import { stopAfterTools } from "./agent-stop";
import { addToThread, type SummaryNeeded, type ThreadAccess, threadHistory } from "./agent-thread";
import { appendTranscript, readTranscript, transcriptKey } from "./agent-transcript";
import { runToolCalls } from "./conversation";
import { llmOutcomes } from "./llm-outcomes";
import { askedWait } from "./model-failures";
import { firstAnswer, type LlmExecutorDeps, openModelSession } from "./model-session";
import { checkOutput, DEFAULT_REPAIR_ATTEMPTS, repairRequest } from "./output-checks";
import { renderPrompt } from "./prompt";
import { summarizeThread } from "./thread-summary";

export interface AgentExecutorDeps extends LlmExecutorDeps {
  blobs: BlobStore;
  threads: ThreadAccess;
  /** A fresh, unique, lower-case id: each unit stores its transcript under a name of its own. */
  unitId: () => string;
}

const START: AgentProgress = {
  turns: 0,
  transcript: "",
  toolsPending: false,
  inputTokens: 0,
  outputTokens: 0,
  costUsd: 0,
};

/**
 * `agent` (docs/agents.md): each execution is one unit of the step, committed on its own by the engine
 * (StepOutcome "progress"): a model turn (its answer, usage and cost), or the tool calls the last turn asked
 * for, run in parallel. The conversation after the prompt is kept in the blob store in chunks (agent-transcript.ts),
 * each unit writing only its tail, under a new name, so a unit repeated after a crash, or a late writer, never
 * changes the one a commit points to; the step's record (ActiveStep.agent) holds only where it lies and the
 * totals, whatever the conversation's length.
 */
export function createAgentExecutor(deps: AgentExecutorDeps): StepExecutor<AgentStep> {
  return async ({ step, run, stepRun }) => {
    const prompt = renderPrompt(step, { input: run.input, state: run.state });
    const input = { model: step.model, fallbackModels: step.fallbackModels ?? [], ...prompt };
    const { failed, overBudget, recorded } = llmOutcomes({ costId: deps.costId, run, stepRun, input });
    const progress = run.active?.agent ?? START;
    // A tool unit needs only the last turn's calls, which the tail always holds; a model turn needs it all.
    const committed = await readTranscript(deps.blobs, run, progress, progress.toolsPending);
    const transcript = committed.messages;
    // A turn's calls are numbered under it (`<step run>:<turn>:<call>`, from 1), when its tools run after it
    // is committed: a repeat of that unit sends the same ids (docs/agents.md).
    const toolCallIdPrefix = `${stepRun.id}:${progress.turns}`;
    const opened = await openModelSession(deps, { step, run, stepRun, toolCallIdPrefix });
    if (!opened.ok) return failed(opened.error, opened.retryable ?? false, undefined, opened.code);
    const { session } = opened;
    const { log } = session;

    /** The unit's messages stored after the committed ones; when they cannot be, the step's failure. */
    const stored = async (
      added: LlmMessage[],
    ): Promise<{ place: Partial<AgentProgress> } | { failure: StepOutcome }> => {
      try {
        // The tail before the last one is no longer pointed at by any commit once this unit's lands.
        if (progress.discard) await deps.blobs.delete(transcriptKey(run, progress.discard));
        const at = { place: progress, turns: progress.turns, read: committed };
        const { place, sealed } = await appendTranscript(
          deps.blobs,
          run,
          stepRun.id,
          at,
          added,
          deps.unitId(),
        );
        // A sealed tail is part of the conversation from now on; an unsealed one is the next unit's to remove.
        const superseded = sealed || !progress.transcript ? {} : { discard: progress.transcript };
        return { place: { ...place, ...superseded } };
      } catch (error) {
        // Failed here rather than by the engine, so that the unit's paid calls keep their cost record: past
        // the bound for good, and retryably when the blob store could not be reached.
        if (error instanceof BoundExceeded) return { failure: failed(error.message, false, log, error.code) };
        const message = `The agent's transcript could not be stored: ${error instanceof Error ? error.message : String(error)}`;
        return { failure: failed(message, true, log) };
      }
    };
    const moved = (turn: Partial<AgentProgress>, place: Partial<AgentProgress>): AgentProgress => {
      const spent = log.totals();
      const { discard: _removedAbove, ...kept } = progress;
      return {
        ...kept,
        ...turn,
        ...place,
        inputTokens: progress.inputTokens + spent.inputTokens,
        outputTokens: progress.outputTokens + spent.outputTokens,
        costUsd: Math.round((progress.costUsd + spent.costUsd) * 1e9) / 1e9,
      };
    };
    // A committed turn's answer is used, as a completed llm step's is: only the calls before it were wasted.
    const goOn = (next: AgentProgress, usedFrom?: number): StepOutcome => ({
      kind: "progress",
      input,
      progress: next,
      ...recorded(log, usedFrom),
    });
    /** The step's end: the last answer's text and model, and what ended it. */
    const completedWith = (
      next: AgentProgress,
      text: string,
      extra: Record<string, unknown>,
      stateValue: Record<string, unknown>,
      usedFrom?: number,
    ): StepOutcome => ({
      kind: "completed",
      input,
      output: {
        text,
        ...extra,
        model: next.answeredBy?.model ?? step.model,
        provider: next.answeredBy?.provider ?? null,
        turns: next.turns,
        inputTokens: next.inputTokens,
        outputTokens: next.outputTokens,
        costUsd: next.costUsd,
        transcript: next.transcript,
        // Where the blobs lie for a rerun that copies this step run (agent-transcript.ts, transcriptOf).
        transcriptRunId: run.id,
      },
      stateValue,
      ...recorded(log, usedFrom),
    });

    /** The step's end, once its prompt and answer are in its thread (when it has one). */
    const finish = async (answer: string, completed: () => StepOutcome) => {
      const context = { run, step, stepRunId: stepRun.id, now: isoAt(deps.clock.nowMs()) };
      const problem = await addToThread(deps.threads, context, prompt.messages, answer);
      return problem ? failed(problem.error, problem.retryable, log, problem.code) : completed();
    };

    /**
     * A unit of its own before the first turn: the summary of the thread's messages the window leaves out, kept
     * in the thread (the first one written for those messages stays), then the window committed with it.
     */
    const summaryUnit = async (need: SummaryNeeded): Promise<StepOutcome> => {
      const made = await summarizeThread(session, step, need.summarize);
      if (made.kind === "over-budget") return overBudget(made.admission, log);
      if (made.kind === "no-answer")
        return { ...failed(made.error, made.retryable, log), ...askedWait(made.failures) };
      if (made.kind !== "answered") return failed(made.error, true, log);
      const summary = {
        upTo: need.summarize.upTo,
        text: made.response.text,
        createdAt: isoAt(deps.clock.nowMs()),
      };
      try {
        await deps.threads.putSummary(run.workspaceId, need.summarize.threadId, summary);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return failed(`The thread's summary could not be kept: ${reason}`, true, log);
      }
      return goOn(moved({ thread: need.window }, {}), made.usedFrom);
    };

    if (progress.toolsPending) {
      const last = transcript.at(-1);
      const calls = last?.role === "assistant" ? (last.toolCalls ?? []) : [];
      const ran = await runToolCalls(calls, session.runTool, log);
      if (ran.refused) return failed(ran.refused, false, log, StepFailureCode.URL_REFUSED);
      const kept = await stored(ran.results);
      if ("failure" in kept) return kept.failure;
      const next = moved({ toolsPending: false }, kept.place);
      // A call stopWhen names ends the step, once the turn's calls have run: with its result when it matched
      // one (toolResult), else with its arguments (toolCalled).
      const stoppedBy = stopAfterTools(step.stopWhen, calls, ran.results, ran.answered);
      if (!stoppedBy) return goOn(next);
      const value = stoppedBy.result ?? stoppedBy.arguments;
      const said = last?.content || JSON.stringify(value);
      return finish(said, () => completedWith(next, last?.content ?? "", { stoppedBy }, value));
    }
    // A model turn: the thread's messages the step started from go before its prompt.
    const history = await threadHistory(deps.threads, run, step, progress);
    if ("error" in history) return failed(history.error, history.retryable, log, history.code);
    if ("summarize" in history) return summaryUnit(history);
    if (progress.turns >= step.maxTurns) {
      const error = `The agent took ${step.maxTurns} turns without an answer free of tool calls (maxTurns)`;
      return failed(error, false, log, StepFailureCode.AGENT_MAX_TURNS);
    }
    const answer = await firstAnswer(
      session,
      [...history.messages, ...prompt.messages, ...transcript],
      step.fallbackOn ?? DEFAULT_FALLBACK_ON,
      {
        system: withSummary(prompt.system, history.summary),
        json: step.responseFormat === "json" || step.outputSchema !== undefined,
        maxToolRounds: 1,
        callerRunsTools: true,
        ...(step.toolChoice && { toolChoice: step.toolChoice }),
      },
    );
    if (answer.kind === "over-budget") return overBudget(answer.admission, log);
    if (answer.kind === "no-answer") {
      return { ...failed(answer.error, answer.retryable, log), ...askedWait(answer.failures) };
    }
    if (answer.kind === "too-many-calls") return failed(answer.error, true, log);
    if (answer.kind !== "answered") return failed(answer.error, false, log);
    const { response, candidate, usedFrom } = answer;
    const said: LlmMessage = {
      role: "assistant",
      content: response.text,
      ...(response.toolCalls.length > 0 ? { toolCalls: response.toolCalls } : {}),
    };
    const turn = {
      turns: progress.turns + 1,
      toolsPending: response.toolCalls.length > 0,
      ...(history.window && { thread: history.window }),
    };
    const answeredBy = { model: candidate.model, provider: candidate.provider };
    // A final answer is checked as an llm step's is (JSON, outputSchema, guardrails); one that is not the JSON
    // asked for goes back to the model as a turn of its own, with the error, until repairAttempts are spent.
    const checked = turn.toolsPending ? undefined : checkOutput(step, response.text);
    const repairs = progress.repairs ?? 0;
    const repair =
      checked?.ok === false &&
      checked.repairable === true &&
      repairs < (step.repairAttempts ?? DEFAULT_REPAIR_ATTEMPTS)
        ? checked.error
        : undefined;
    if (checked?.ok === false && repair === undefined) {
      for (const { guardrail, reason } of checked.guardrails) {
        log.event("GUARDRAIL_TRIGGERED", { model: candidate.model, guardrail, reason });
      }
      // A bad answer may well be followed by a good one: the retry policy decides.
      return failed(checked.error, true, log);
    }
    const asked: LlmMessage[] =
      repair === undefined ? [] : [{ role: "user", content: repairRequest(repair) }];
    const kept = await stored([said, ...asked]);
    if ("failure" in kept) return kept.failure;
    // Recorded once the turn is stored, so that only a turn its commit keeps is announced.
    log.event("AGENT_TURN_COMPLETED", {
      turn: turn.turns,
      toolCalls: response.toolCalls.map((call) => call.name),
      ...log.totals(),
    });
    if (repair !== undefined) {
      log.event("LLM_OUTPUT_REPAIR_REQUESTED", {
        model: candidate.model,
        error: repair,
        repair: repairs + 1,
      });
      return goOn(moved({ ...turn, answeredBy, repairs: repairs + 1 }, kept.place), usedFrom);
    }
    const next = moved({ ...turn, answeredBy }, kept.place);
    if (!checked?.ok) return goOn(next, usedFrom);
    const json = checked.json === undefined ? {} : { json: checked.json };
    return finish(response.text, () =>
      completedWith(next, response.text, json, checked.stateValue, usedFrom),
    );
  };
}

/** The system prompt, followed by the summary of the thread's older messages when the step has one. */
function withSummary(system: string | undefined, summary: string | undefined): string | undefined {
  if (summary === undefined) return system;
  const note = `Summary of the earlier conversation in this thread:\n${summary}`;
  return system ? `${system}\n\n${note}` : note;
}
