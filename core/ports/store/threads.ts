import type { NewThreadMessage, ThreadMessage, ThreadSummary } from "../../domain/thread";

/** What adding a step's messages to a thread came to. */
export type ThreadAppend =
  | { kind: "appended"; size: number }
  /** That step run's messages are there already (a repeated unit): nothing added. */
  | { kind: "already" }
  /** They would take the thread past THREAD_MESSAGES_MAX: nothing added. */
  | { kind: "full"; size: number };

/** Threads (docs/agents.md, "Threads"): each workspace's, by the id its runs name. */
export interface ThreadStore {
  /** The thread's message count; 0 for a thread nothing was added to (or deleted). */
  size(workspaceId: string, threadId: string): Promise<number>;
  /** Messages `from`..`to` (their `seq`, inclusive), oldest first. */
  range(workspaceId: string, threadId: string, from: number, to: number): Promise<ThreadMessage[]>;
  /** Adds a step run's messages after the thread's last, all or none, once per `stepRunId`. */
  append(
    workspaceId: string,
    threadId: string,
    stepRunId: string,
    messages: readonly NewThreadMessage[],
    now: string,
  ): Promise<ThreadAppend>;
  /** The summary covering the most messages up to `upTo` (its `upTo` at most that), if any. */
  latestSummary(workspaceId: string, threadId: string, upTo: number): Promise<ThreadSummary | undefined>;
  /** Keeps a summary of messages 1..`upTo`; one there already for that `upTo` stays, and is returned. */
  putSummary(workspaceId: string, threadId: string, summary: ThreadSummary): Promise<ThreadSummary>;
  /** @returns false when the thread had nothing to delete. */
  delete(workspaceId: string, threadId: string): Promise<boolean>;
}
