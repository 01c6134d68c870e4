import type { AgentStep } from "../domain/agent-step";
import type { LlmMessage } from "../domain/llm-call";
import { DEFAULT_FALLBACK_ON } from "../domain/llm-errors";
import type { SummaryNeeded } from "./agent-thread";
import { type FirstAnswer, firstAnswer, type ModelSession } from "./model-session";

/** What the model is asked to be when it summarizes a thread: a note-taker, not the agent. */
const SUMMARY_SYSTEM =
  "You keep the memory of a long conversation between a user and an assistant. Write a summary of it that the " +
  "assistant can rely on later: names, facts, decisions, open questions and what the user asked for. Plain text.";

/**
 * Asks the step's model (and its fallbacks) for the summary of the thread's messages its window leaves out
 * (docs/agents.md, "Threads"), building on the latest summary kept before them. No tool may be called: the
 * step's tools are offered with toolChoice `none`, as the session offers them to every call.
 */
export function summarizeThread(
  session: ModelSession,
  step: AgentStep,
  need: SummaryNeeded["summarize"],
): Promise<FirstAnswer> {
  const words = step.threadSummary?.maxWords;
  const lines = need.messages.map((message) => `${message.role}: ${message.content}`).join("\n\n");
  const before = need.previous
    ? `The summary so far:\n${need.previous}\n\nThe conversation after it:\n`
    : "The conversation:\n";
  const ask: LlmMessage = {
    role: "user",
    content: `${before}${lines}\n\nWrite the summary of all of it in at most ${words} words.`,
  };
  return firstAnswer(session, [ask], step.fallbackOn ?? DEFAULT_FALLBACK_ON, {
    system: SUMMARY_SYSTEM,
    json: false,
    maxToolRounds: 1,
    callerRunsTools: true,
    toolChoice: "none",
  });
}
