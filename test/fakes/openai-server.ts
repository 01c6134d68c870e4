import { type FakeError, type FakeServer, startFakeServer, type Wire } from "./fake-server";

/**
 * A fake OpenAI Chat Completions API. The SDK's base URL includes /v1 and it POSTs {base}/chat/completions,
 * so the fake serves /v1/chat/completions and hands out `${origin}/v1` as the base URL.
 */
export interface OpenAiFake extends FakeServer {
  readonly baseUrl: string;
}

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "invalid_request_error",
  403: "permission_error",
  404: "invalid_request_error",
  429: "rate_limit_exceeded",
};

const wire: Wire = {
  matches: (method, path) => method === "POST" && path === "/v1/chat/completions",
  answer: (reply, request) => {
    const body = request.body as { model?: string };
    const toolCalls = (reply.toolCalls ?? []).map((call, index) => ({
      id: call.id ?? `call_${index}`,
      type: "function",
      function: {
        name: call.name,
        arguments: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments),
      },
    }));
    const usage = reply.usage ?? { input: 10, output: 5 };
    return {
      status: 200,
      headers: { "x-request-id": "req_fake" },
      body: {
        id: "chatcmpl-fake",
        object: "chat.completion",
        created: 1_763_600_000,
        model: reply.model ?? body.model ?? "gpt-fake",
        choices: [
          {
            index: 0,
            message: {
              role: "assistant",
              content: reply.text ?? null,
              refusal: null,
              ...(toolCalls.length > 0 && { tool_calls: toolCalls }),
            },
            logprobs: null,
            finish_reason: toolCalls.length > 0 ? "tool_calls" : "stop",
          },
        ],
        usage: {
          prompt_tokens: usage.input,
          completion_tokens: usage.output,
          total_tokens: usage.input + usage.output,
          prompt_tokens_details: { cached_tokens: usage.cached ?? 0, audio_tokens: 0 },
          completion_tokens_details: { reasoning_tokens: 0 },
        },
      },
    };
  },
  error: (error: FakeError) => ({
    status: error.status,
    body: {
      error: {
        message: error.message ?? `fake error ${error.status}`,
        type: ERROR_TYPES[error.status] ?? "server_error",
        param: null,
        code: error.reason ?? null,
      },
    },
  }),
};

export async function startOpenAiFake(): Promise<OpenAiFake> {
  const server = await startFakeServer(wire);
  return Object.assign(server, { baseUrl: `${server.origin}/v1` });
}
