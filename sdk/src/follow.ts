import { EventSourceParserStream } from "eventsource-parser/stream";
import { WeftError } from "./errors.js";
import type { WorkflowEvent, WorkflowRun } from "./schema.js";

/** What a run's stream carries: its stored events, token deltas of streaming llm steps, and its end. */
export type StreamMessage =
  | { kind: "event"; seq: number; event: WorkflowEvent }
  | { kind: "token"; stepName: string; model: string; delta: string }
  | { kind: "end"; status: WorkflowRun["status"] };

export interface FollowOptions {
  baseUrl: string;
  apiKey?: string;
  fetch?: typeof fetch;
  /** Start after this event number (0: from the first event). */
  lastEventId?: number;
  signal?: AbortSignal;
}

/**
 * A run's events from GET /v1/workflow-runs/:id/stream, each once, until the run stops: the service closes
 * a connection after a while, and this reconnects with the last event's number to go on from there.
 */
export async function* followRun(runId: string, options: FollowOptions): AsyncGenerator<StreamMessage> {
  const doFetch = options.fetch ?? fetch;
  let lastEventId = options.lastEventId ?? 0;
  const url = `${options.baseUrl.replace(/\/+$/, "")}/v1/workflow-runs/${encodeURIComponent(runId)}/stream`;
  for (;;) {
    const response = await doFetch(url, {
      headers: {
        accept: "text/event-stream",
        "last-event-id": String(lastEventId),
        ...(options.apiKey === undefined ? {} : { "x-api-key": options.apiKey }),
      },
      signal: options.signal,
    });
    if (!response.ok || response.body === null) throw await streamError(response);
    const messages = response.body
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream());
    for await (const message of messages) {
      if (message.event === "end") {
        yield { kind: "end", status: (JSON.parse(message.data) as { status: WorkflowRun["status"] }).status };
        return;
      }
      const data = JSON.parse(message.data) as
        | WorkflowEvent
        | { eventType: "LLM_TOKEN"; stepName: string; model: string; delta: string };
      if (data.eventType === "LLM_TOKEN") {
        const token = data as { stepName: string; model: string; delta: string };
        yield { kind: "token", stepName: token.stepName, model: token.model, delta: token.delta };
      } else if (message.id !== undefined) {
        lastEventId = Number(message.id);
        yield { kind: "event", seq: lastEventId, event: data as WorkflowEvent };
      }
    }
  }
}

async function streamError(response: Response): Promise<WeftError> {
  const body = (await response.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
  return new WeftError(
    body.error?.code ?? "HTTP_ERROR",
    body.error?.message ?? `HTTP ${response.status}`,
    response.status,
  );
}
