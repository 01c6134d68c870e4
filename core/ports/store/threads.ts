import type { NewThreadMessage, ThreadMessage } from "../../domain/thread";

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
  /** @returns false when the thread had nothing to delete. */
  delete(workspaceId: string, threadId: string): Promise<boolean>;
}
