import type { AgentProgress, AgentStep } from "../domain/agent-step";
import type { LlmMessage } from "../domain/llm-call";
import type { RunRecord } from "../domain/run-record";
import { StepFailureCode } from "../domain/step-error";
import {
  DEFAULT_THREAD_WINDOW_TOKENS,
  type NewThreadMessage,
  THREAD_MESSAGES_MAX,
  THREAD_WINDOW_MESSAGES,
  type ThreadMessage,
  threadWindow,
} from "../domain/thread";
import type { ThreadStore } from "../ports/store";

/**
 * An agent step's thread (docs/agents.md, "Threads"): the earlier messages it starts from, and the messages it
 * adds when it ends. Reading them is pure with respect to the step: its first turn chooses the window and the
 * progress keeps it, so a repeated or later unit shows the model the same messages.
 */
export type ThreadAccess = Pick<ThreadStore, "size" | "range" | "append" | "latestSummary" | "putSummary">;

export type ThreadProblem = { error: string; retryable: boolean; code?: string };

type Window = NonNullable<AgentProgress["thread"]>;

/** What a model turn is given of the thread: messages before the step's prompt, and a summary of older ones. */
export interface ThreadHistory {
  messages: LlmMessage[];
  summary?: string;
  window?: Window;
}

/**
 * The messages a step whose window leaves older ones out must have summarized before its first turn: the
 * summary goes in a unit of its own (agent-executor.ts), kept in the thread under `upTo` for the steps after it.
 */
export interface SummaryNeeded {
  summarize: { threadId: string; upTo: number; previous?: string; messages: LlmMessage[] };
  window: Window;
}

/**
 * The thread's messages this unit gives the model before the step's prompt, the window they came from, and
 * with `threadSummary` the summary of the messages before that window (or, the first time, what to summarize).
 */
export async function threadHistory(
  threads: ThreadAccess,
  run: RunRecord,
  step: AgentStep,
  progress: AgentProgress,
): Promise<ThreadHistory | SummaryNeeded | ThreadProblem> {
  if (!step.thread) return { messages: [] };
  if (run.threadId === undefined) return noThread();
  const { workspaceId, threadId } = run;
  const kept = progress.thread;
  if (kept) {
    const read = await threads.range(workspaceId, threadId, kept.from, kept.to);
    const summary =
      kept.summaryUpTo === undefined
        ? undefined
        : await threads.latestSummary(workspaceId, threadId, kept.summaryUpTo);
    // A summary gone since (the thread was deleted) leaves the step with the messages it still has.
    return { messages: asMessages(read), ...(summary && { summary: summary.text }), window: kept };
  }
  const size = await threads.size(workspaceId, threadId);
  const latest = await threads.range(
    workspaceId,
    threadId,
    Math.max(1, size - THREAD_WINDOW_MESSAGES + 1),
    size,
  );
  const read = threadWindow(latest, step.threadWindowTokens ?? DEFAULT_THREAD_WINDOW_TOKENS);
  const window: Window = { from: read[0]?.seq ?? size + 1, to: read.at(-1)?.seq ?? size };
  const upTo = window.from - 1;
  if (!step.threadSummary || upTo < 1) return { messages: asMessages(read), window };
  const found = await threads.latestSummary(workspaceId, threadId, upTo);
  if (found?.upTo === upTo) {
    return { messages: asMessages(read), summary: found.text, window: { ...window, summaryUpTo: upTo } };
  }
  // What the latest summary does not cover yet, at most a window's worth of messages.
  const first = Math.max((found?.upTo ?? 0) + 1, upTo - THREAD_WINDOW_MESSAGES + 1);
  const older = await threads.range(workspaceId, threadId, first, upTo);
  return {
    summarize: { threadId, upTo, messages: asMessages(older), ...(found && { previous: found.text }) },
    window: { ...window, summaryUpTo: upTo },
  };
}

const asMessages = (messages: readonly ThreadMessage[]): LlmMessage[] =>
  messages.map(({ role, content }) => ({ role, content }));

/**
 * Adds the step's prompt (its user and assistant messages, as rendered) and its final answer to the thread,
 * once per step run: a unit repeated after a crash adds nothing more, and the answer first added stays.
 */
export async function addToThread(
  threads: ThreadAccess,
  context: { run: RunRecord; step: AgentStep; stepRunId: string; now: string },
  prompt: readonly LlmMessage[],
  answer: string,
): Promise<ThreadProblem | undefined> {
  const { run, step, stepRunId, now } = context;
  if (!step.thread) return undefined;
  if (run.threadId === undefined) return noThread();
  const made = { runId: run.id, stepName: step.name, createdAt: now };
  const messages: NewThreadMessage[] = [
    ...prompt.flatMap((message) =>
      message.role === "tool" ? [] : [{ role: message.role, content: message.content, ...made }],
    ),
    { role: "assistant", content: answer, ...made },
  ];
  try {
    const added = await threads.append(run.workspaceId, run.threadId, stepRunId, messages, now);
    if (added.kind !== "full") return undefined;
    const error = `Thread "${run.threadId}" holds ${added.size} messages; ${messages.length} more would pass its ${THREAD_MESSAGES_MAX}`;
    return { error, retryable: false, code: StepFailureCode.THREAD_FULL };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { error: `The step's messages could not be added to its thread: ${reason}`, retryable: true };
  }
}

function noThread(): ThreadProblem {
  const error = "The step has thread: true, but its run names no threadId";
  return { error, retryable: false, code: StepFailureCode.HANDLER_CONFIG };
}
