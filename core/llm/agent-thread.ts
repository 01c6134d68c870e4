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
export type ThreadAccess = Pick<ThreadStore, "size" | "range" | "append">;

export type ThreadProblem = { error: string; retryable: boolean; code?: string };

/** The thread's messages this unit gives the model before the step's prompt, and the window they came from. */
export async function threadHistory(
  threads: ThreadAccess,
  run: RunRecord,
  step: AgentStep,
  progress: AgentProgress,
): Promise<{ messages: LlmMessage[]; window?: { from: number; to: number } } | ThreadProblem> {
  if (!step.thread) return { messages: [] };
  if (run.threadId === undefined) return noThread();
  const { workspaceId, threadId } = run;
  let window = progress.thread;
  let read: ThreadMessage[];
  if (window) {
    read = await threads.range(workspaceId, threadId, window.from, window.to);
  } else {
    const size = await threads.size(workspaceId, threadId);
    const latest = await threads.range(
      workspaceId,
      threadId,
      Math.max(1, size - THREAD_WINDOW_MESSAGES + 1),
      size,
    );
    read = threadWindow(latest, step.threadWindowTokens ?? DEFAULT_THREAD_WINDOW_TOKENS);
    window = { from: read[0]?.seq ?? size + 1, to: read.at(-1)?.seq ?? size };
  }
  return { messages: read.map(({ role, content }) => ({ role, content })), window };
}

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
