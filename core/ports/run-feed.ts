/**
 * What happens to a run as it happens, within one process: commits (so a follower reads the run at once
 * rather than at its next poll) and an llm step's token deltas, which are never stored. The store stays the
 * truth: a follower that misses a message loses only latency, or tokens, never an event.
 *
 * Only the local service has one (core/adapters/local/in-process-run-feed.ts). On Lambda the step runs in
 * the worker and the stream in the API, two processes, so Deps carry none and followers poll the store.
 */
export type RunFeedMessage =
  | { kind: "committed" }
  | { kind: "token"; stepName: string; model: string; delta: string };

export interface RunFeed {
  publish(workspaceId: string, runId: string, message: RunFeedMessage): void;
  /** Calls `listener` with each message about the run until the returned function is called. */
  subscribe(workspaceId: string, runId: string, listener: (message: RunFeedMessage) => void): () => void;
}
