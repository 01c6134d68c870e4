import { createRoute } from "@hono/zod-openapi";
import { type SSEStreamingApi, streamSSE } from "hono/streaming";
import * as z from "zod";
import type { Deps } from "../../ports/deps";
import { type FollowDeps, followRun, runToFollow, type StreamMessage } from "../../runs/follow-run";
import { type StreamCapDeps, streamCaps } from "../../runs/stream-caps";
import type { WorkspaceEnv } from "../env";
import { IdParam } from "../params";
import {
  API_KEY_SECURITY,
  AUTHENTICATED_ERRORS,
  createRouter,
  errorResponses,
  lazyResponses,
} from "../router";

/** How soon a client reconnects after the service closed a connection at its maximum duration. */
const RECONNECT_MS = 1000;

const EventNumber = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const stream = createRoute({
  method: "get",
  path: "/v1/workflow-runs/{id}/stream",
  operationId: "streamWorkflowRun",
  tags: ["Workflow runs"],
  security: API_KEY_SECURITY,
  summary: "Follow a run live (Server-Sent Events): its events from Last-Event-ID on, then each new one",
  description:
    "Each stored event is a message with `id` = its number in the run and `data` = the event as " +
    "GET /events lists it; `LLM_TOKEN` messages (no id) carry token deltas of llm steps with " +
    "`stream: true` where the service can see them; an `end` event `{status}` closes a run that " +
    "has stopped. A connection lasts at most 25 s; reconnect with `Last-Event-ID` to go on.",
  request: {
    params: IdParam,
    headers: z.object({ "last-event-id": EventNumber.optional() }),
    query: z.object({ lastEventId: EventNumber.optional() }),
  },
  responses: lazyResponses(() => ({
    200: {
      description: "An event stream (text/event-stream)",
      content: { "text/event-stream": { schema: z.string() } },
    },
    // 429 also when the workspace or the server has its maximum of open streams (docs/limits.md).
    ...errorResponses(400, 404, ...AUTHENTICATED_ERRORS),
  })),
});

export function runStreamRoutes(deps: FollowDeps & StreamCapDeps & Pick<Deps, "log">) {
  const openStream = streamCaps(deps);
  return createRouter<WorkspaceEnv>().openapi(stream, async (c) => {
    // Read before streaming starts, so an unknown run is a 404 in the envelope, not an empty stream.
    const run = await runToFollow(deps, c.var.workspaceId, c.req.valid("param").id);
    const release = await openStream(c.var.workspaceId);
    const afterSeq = c.req.valid("header")["last-event-id"] ?? c.req.valid("query").lastEventId ?? 0;
    // Proxies such as nginx would otherwise hold the messages back.
    c.header("x-accel-buffering", "no");
    return streamSSE(
      c,
      async (sse) => {
        const aborted = new AbortController();
        sse.onAbort(() => aborted.abort());
        try {
          await sse.write(`retry: ${RECONNECT_MS}\n\n`);
          for await (const message of followRun(deps, run, afterSeq, aborted.signal)) {
            await send(sse, message, run.id);
          }
        } finally {
          await release();
        }
      },
      async (error) => {
        // The status line is gone already: the stream just ends, and the client reconnects.
        deps.log.error({ err: error, runId: run.id }, "run stream failed");
      },
    );
  });
}

function send(sse: SSEStreamingApi, message: StreamMessage, runId: string): Promise<unknown> {
  switch (message.kind) {
    case "event":
      return sse.writeSSE({ id: String(message.seq), data: JSON.stringify(message.event) });
    case "token": {
      const { stepName, model, delta } = message;
      const data = { eventType: "LLM_TOKEN", workflowRunId: runId, stepName, model, delta };
      return sse.writeSSE({ data: JSON.stringify(data) });
    }
    case "heartbeat":
      return sse.write(": heartbeat\n\n");
    case "end":
      return sse.writeSSE({ event: "end", data: JSON.stringify({ status: message.status }) });
  }
}
