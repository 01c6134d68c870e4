import type { RunFeed, RunFeedMessage } from "../../ports/run-feed";

type Listener = (message: RunFeedMessage) => void;

/** The local service's run feed: listeners in memory, called synchronously; a throwing one is dropped. */
export function createInProcessRunFeed(): RunFeed {
  const listeners = new Map<string, Set<Listener>>();
  const keyOf = (workspaceId: string, runId: string) => `${workspaceId}/${runId}`;
  return {
    publish(workspaceId, runId, message) {
      const set = listeners.get(keyOf(workspaceId, runId));
      for (const listener of set ?? []) {
        try {
          listener(message);
        } catch {
          set?.delete(listener);
        }
      }
    },
    subscribe(workspaceId, runId, listener) {
      const key = keyOf(workspaceId, runId);
      const set = listeners.get(key) ?? new Set();
      set.add(listener);
      listeners.set(key, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(key);
      };
    },
  };
}
