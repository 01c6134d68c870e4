import * as z from "zod";

/**
 * Threads (docs/agents.md, "Threads"): a conversation that outlives a run. A run names one (`threadId`); its
 * agent steps with `thread: true` start from the thread's latest messages and add their own. A thread belongs
 * to the workspace of the runs that name it: the same id in another workspace is another thread.
 */
export const THREAD_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;

export const ThreadId = z
  .string()
  .regex(THREAD_ID, "must be 1-128 letters, digits, _ . : or -, starting with a letter or digit")
  .meta({
    description: "The conversation the run's agent steps with thread: true continue (docs/agents.md)",
  });

/** The messages one thread keeps; an agent step that would pass it fails (THREAD_FULL) before adding any. */
export const THREAD_MESSAGES_MAX = 2000;
/** The thread's latest messages an agent step is given at most, before its token window trims them. */
export const THREAD_WINDOW_MESSAGES = 100;
export const DEFAULT_THREAD_WINDOW_TOKENS = 4000;
export const DEFAULT_SUMMARY_WORDS = 200;
/** Prompt messages a step with `thread: true` may have: all of them and its answer are added in one write. */
export const THREAD_PROMPT_MESSAGES = 50;

export const ThreadMessage = z
  .object({
    seq: z.number().int().meta({ description: "Its place in the thread, from 1" }),
    role: z.enum(["user", "assistant"]),
    content: z.string(),
    runId: z.string(),
    stepName: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: "ThreadMessage" });
export type ThreadMessage = z.infer<typeof ThreadMessage>;

/**
 * What a model wrote of messages 1..`upTo` for an agent step whose window left them out (`threadSummary`):
 * kept in the thread, so the steps after it that leave out as much start from it rather than writing it again.
 */
export interface ThreadSummary {
  upTo: number;
  text: string;
  createdAt: string;
}

/** A message as a step adds it: the store gives it its place. */
export type NewThreadMessage = Omit<ThreadMessage, "seq">;

/** A rough count that errs high for English text (about four characters a token), as no tokenizer is loaded. */
export function approximateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * The newest messages, oldest first, whose tokens fit the window: from the newest back, stopping at the first
 * that would pass it. An answer whose question was cut off is dropped too, so that the window starts with a
 * user turn, as providers expect of a conversation.
 */
export function threadWindow(messages: readonly ThreadMessage[], maxTokens: number): ThreadMessage[] {
  const kept: ThreadMessage[] = [];
  let tokens = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i] as ThreadMessage;
    tokens += approximateTokens(message.content);
    if (tokens > maxTokens) break;
    kept.unshift(message);
  }
  while (kept[0]?.role === "assistant") kept.shift();
  return kept;
}
