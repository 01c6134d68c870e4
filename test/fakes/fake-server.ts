import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The shared part of the fake provider servers: a node:http server on 127.0.0.1 with a queue of scripted
 * replies and a record of every request. Each provider's fake only renders a reply in its wire format,
 * so the official SDK, pointed here by base URL, runs unmodified.
 */

/** Token counts in the provider's own terms (e.g. Anthropic's input excludes cache reads). */
export interface FakeUsage {
  input: number;
  output: number;
  cached?: number;
  /** Anthropic only: cache_creation_input_tokens. */
  cacheWrite?: number;
  /** Google only: thoughtsTokenCount. */
  thoughts?: number;
}

export interface FakeToolCall {
  id?: string;
  name: string;
  /** A string is sent as is (OpenAI sends arguments as a JSON string), to script malformed arguments. */
  arguments: Record<string, unknown> | string;
}

export type FakeReply =
  | { text?: string; toolCalls?: FakeToolCall[]; usage?: FakeUsage; model?: string; delayMs?: number }
  | {
      /** `headers`: sent with the error, as a provider's rate-limit headers are (retry-after, resets). */
      error: { status: number; message?: string; reason?: string; headers?: Record<string, string> };
      delayMs?: number;
    };

export type FakeAnswer = Exclude<FakeReply, { error: unknown }>;
export type FakeError = Extract<FakeReply, { error: unknown }>["error"];

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface WireResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface Wire {
  /** Whether a request is one this fake answers (method and path). */
  matches(method: string, path: string): boolean;
  answer(reply: FakeAnswer, request: RecordedRequest): WireResponse;
  error(error: FakeError): WireResponse;
}

export interface FakeServer {
  /** http://127.0.0.1:port */
  readonly origin: string;
  readonly requests: RecordedRequest[];
  /** Queues replies, served one per request in order; an empty queue answers 500. */
  reply(...replies: FakeReply[]): void;
  /** Forgets queued replies and recorded requests (between tests). */
  reset(): void;
  close(): Promise<void>;
}

function errorResponse(wire: Wire, error: FakeError): WireResponse {
  const response = wire.error(error);
  return error.headers ? { ...response, headers: { ...response.headers, ...error.headers } } : response;
}

export async function startFakeServer(wire: Wire): Promise<FakeServer> {
  const queue: FakeReply[] = [];
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const send = (res: ServerResponse, response: WireResponse): void => {
    if (res.destroyed) return; // the client gave up (timeout test)
    res.writeHead(response.status, { "content-type": "application/json", ...response.headers });
    res.end(JSON.stringify(response.body));
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const path = req.url ?? "/";
      const request: RecordedRequest = {
        method: req.method ?? "GET",
        path,
        headers: req.headers,
        body: text === "" ? undefined : (JSON.parse(text) as unknown),
      };
      requests.push(request);
      if (!wire.matches(request.method, path)) {
        send(res, wire.error({ status: 404, message: `fake: no route for ${request.method} ${path}` }));
        return;
      }
      const reply = queue.shift() ?? { error: { status: 500, message: "fake: no reply queued" } };
      const respond = () =>
        send(res, "error" in reply ? errorResponse(wire, reply.error) : wire.answer(reply, request));
      if (reply.delayMs === undefined) return respond();
      const timer = setTimeout(() => {
        timers.delete(timer);
        respond();
      }, reply.delayMs);
      timers.add(timer);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    reply: (...replies) => {
      queue.push(...replies);
    },
    reset: () => {
      queue.length = 0;
      requests.length = 0;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

/** A header's single value, for assertions. */
export function header(request: RecordedRequest | undefined, name: string): string | undefined {
  const value = request?.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : value;
}

export function argumentsObject(call: FakeToolCall): Record<string, unknown> {
  return typeof call.arguments === "string"
    ? (JSON.parse(call.arguments) as Record<string, unknown>)
    : call.arguments;
}
