import { NotFoundError } from "../domain/errors";
import { LIMITS } from "../domain/limits";
import type { WorkflowEvent } from "../domain/run";
import type { RunRecord } from "../domain/run-record";
import { LIVE_RUN_STATUSES, type RunStatus } from "../domain/statuses";
import type { Clock } from "../ports/clock";
import type { RunFeed, RunFeedMessage } from "../ports/run-feed";
import type { RunsStore } from "../ports/store";

/**
 * A run's live stream (GET /v1/workflow-runs/:id/stream, docs/api.md "Live stream"): its stored events from
 * a given number on, then each new one as it is committed, token deltas of llm steps while this process
 * runs them, and the end once the run has stopped and every event has gone out. The store is the truth:
 * the run item is read again every POLL_MS (strongly consistent, one small read), or at once when the
 * process's run feed says a commit happened, so a feed that says nothing costs latency only.
 */
export type StreamMessage =
  | { kind: "event"; seq: number; event: WorkflowEvent }
  | { kind: "token"; stepName: string; model: string; delta: string }
  | { kind: "heartbeat" }
  | { kind: "end"; status: RunStatus };

export interface FollowDeps {
  store: RunsStore;
  clock: Clock;
  feed?: RunFeed;
}

/** How often the run item is read when nothing says it changed. */
export const POLL_MS = 1000;
/** An SSE comment when nothing else was sent for this long, so proxies keep an idle connection open. */
export const HEARTBEAT_MS = 10_000;
/** Events read from the store at a time. */
const EVENT_BATCH = 100;
/** Token deltas held for a client slower than the model; beyond it, the newest are dropped. */
const MAX_PENDING_TOKENS = 1000;

/** The run, or NotFoundError (another workspace's run is not found either), before anything is streamed. */
export async function runToFollow(deps: FollowDeps, workspaceId: string, runId: string): Promise<RunRecord> {
  const run = await deps.store.runs.get(workspaceId, runId);
  if (!run) throw new NotFoundError("Workflow run");
  return run;
}

/**
 * The messages for one connection, from the event after `afterSeq`. It ends with `end` once the run is no
 * longer live and every event is sent, or silently after LIMITS.streamConnectionMs (the client reconnects
 * with the last event id it got), or when `signal` aborts (the client went away).
 */
export async function* followRun(
  deps: FollowDeps,
  first: RunRecord,
  afterSeq: number,
  signal: AbortSignal,
): AsyncGenerator<StreamMessage> {
  const startedMs = deps.clock.nowMs();
  const tokens: Extract<StreamMessage, { kind: "token" }>[] = [];
  let wake: (() => void) | undefined;
  let changed = false;
  const unsubscribe = deps.feed?.subscribe(first.workspaceId, first.id, (message: RunFeedMessage) => {
    if (message.kind === "committed") changed = true;
    else if (tokens.length < MAX_PENDING_TOKENS) tokens.push(message);
    wake?.();
  });
  const onAbort = () => wake?.();
  signal.addEventListener("abort", onAbort);
  try {
    let run = first;
    let sent = Math.min(afterSeq, run.eventSeq);
    let lastSentMs = startedMs;
    while (!signal.aborted) {
      while (sent < run.eventSeq && !signal.aborted) {
        const to = Math.min(run.eventSeq, sent + EVENT_BATCH);
        for (const { seq, ...event } of await deps.store.runs.events(run, sent + 1, to)) {
          if (seq <= sent) continue;
          yield { kind: "event", seq, event };
          sent = seq;
        }
        // A stretch the store could not give (never expected): go on from its end rather than loop.
        sent = Math.max(sent, to);
        lastSentMs = deps.clock.nowMs();
      }
      if (!LIVE_RUN_STATUSES.includes(run.status)) {
        yield { kind: "end", status: run.status };
        return;
      }
      for (const token of tokens.splice(0)) {
        yield token;
        lastSentMs = deps.clock.nowMs();
      }
      const now = deps.clock.nowMs();
      if (now - startedMs >= LIMITS.streamConnectionMs) return;
      if (now - lastSentMs >= HEARTBEAT_MS) {
        yield { kind: "heartbeat" };
        lastSentMs = now;
      }
      if (changed) {
        changed = false;
        run = (await deps.store.runs.get(first.workspaceId, first.id)) ?? run;
        continue;
      }
      // Woken by the feed or the client leaving, or the poll is due: the run is read again only for the last.
      const pollDue = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => done(true), POLL_MS);
        function done(due: boolean) {
          clearTimeout(timer);
          wake = undefined;
          resolve(due);
        }
        wake = () => done(false);
        if (changed || tokens.length > 0 || signal.aborted) done(false);
      });
      if (pollDue) changed = true;
    }
  } finally {
    unsubscribe?.();
    signal.removeEventListener("abort", onAbort);
  }
}
