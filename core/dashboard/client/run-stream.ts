import { createParser } from "eventsource-parser";
import { useEffect, useRef } from "hono/jsx/dom";
import { apiStream } from "./api";
import type { RunEvent } from "./types";

/** Waits after a connection failed, doubling up to the last; a closed connection reconnects at the first. */
const RECONNECT_MS = [1000, 2000, 5000, 10_000];

export interface RunStreamHandlers {
  /** Each stored event once, in order, across reconnects. */
  onEvent(event: RunEvent): void;
  /** The run stopped and every event arrived. */
  onEnd(): void;
}

/**
 * Follows a run's live stream (GET /workflow-runs/:id/stream, docs/api.md "Live stream") while the page
 * shows it: a fetch rather than an EventSource, which cannot send the session's headers. The service closes
 * each connection after at most 25 s; the hook reconnects from the last event it got (Last-Event-ID), so
 * nothing is missed or repeated, until the `end` message. A change of `generation` (a retried run, live
 * again) opens it anew from the same place.
 */
export function useRunStream(path: string, generation: number, handlers: RunStreamHandlers): void {
  const lastId = useRef(0);
  const lastPath = useRef(path);
  const current = useRef(handlers);
  current.current = handlers;

  useEffect(() => {
    if (lastPath.current !== path) {
      lastPath.current = path;
      lastId.current = 0;
    }
    const controller = new AbortController();
    let failures = 0;
    const follow = async () => {
      while (!controller.signal.aborted) {
        let ended = false;
        try {
          const headers: Record<string, string> = { "last-event-id": String(lastId.current) };
          const body = await apiStream(`${path}/stream`, headers, controller.signal);
          const parser = createParser({
            onEvent: (message) => {
              if (message.event === "end") {
                ended = true;
                current.current.onEnd();
              } else if (message.id !== undefined && Number(message.id) > lastId.current) {
                lastId.current = Number(message.id);
                current.current.onEvent(JSON.parse(message.data) as RunEvent);
              }
            },
          });
          const reader = body.pipeThrough(new TextDecoderStream()).getReader();
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            parser.feed(value);
          }
          failures = 0;
        } catch {
          if (controller.signal.aborted) return;
          failures += 1;
        }
        if (ended) return;
        const wait = RECONNECT_MS[Math.min(failures, RECONNECT_MS.length - 1)];
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    };
    void follow();
    return () => controller.abort();
  }, [path, generation]);
}
