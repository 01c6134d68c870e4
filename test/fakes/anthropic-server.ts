import { argumentsObject, type FakeError, type FakeServer, startFakeServer, type Wire } from "./fake-server";

/** A fake Anthropic Messages API: the SDK's base URL is the origin and it POSTs /v1/messages. */
export interface AnthropicFake extends FakeServer {
  readonly baseUrl: string;
}

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  529: "overloaded_error",
};

const wire: Wire = {
  matches: (method, path) => method === "POST" && path === "/v1/messages",
  answer: (reply, request) => {
    const body = request.body as { model?: string };
    const content: unknown[] = [];
    if (reply.text !== undefined) content.push({ type: "text", text: reply.text, citations: null });
    (reply.toolCalls ?? []).forEach((call, index) => {
      content.push({
        type: "tool_use",
        id: call.id ?? `toolu_${index}`,
        name: call.name,
        input: argumentsObject(call),
      });
    });
    const usage = reply.usage ?? { input: 10, output: 5 };
    return {
      status: 200,
      headers: { "request-id": "req_fake" },
      body: {
        id: "msg_fake",
        type: "message",
        role: "assistant",
        model: reply.model ?? body.model ?? "claude-fake",
        content,
        stop_reason: reply.toolCalls?.length ? "tool_use" : "end_turn",
        stop_sequence: null,
        usage: {
          input_tokens: usage.input,
          output_tokens: usage.output,
          cache_read_input_tokens: usage.cached ?? 0,
          cache_creation_input_tokens: usage.cacheWrite ?? 0,
          service_tier: "standard",
        },
      },
    };
  },
  error: (error: FakeError) => ({
    status: error.status,
    headers: { "request-id": "req_fake" },
    body: {
      type: "error",
      error: {
        type: ERROR_TYPES[error.status] ?? "api_error",
        message: error.message ?? `fake error ${error.status}`,
      },
    },
  }),
};

export async function startAnthropicFake(): Promise<AnthropicFake> {
  const server = await startFakeServer(wire);
  return Object.assign(server, { baseUrl: server.origin });
}
