import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import type {
  ChatCompletion,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import type { LlmProvider, LlmRequest, LlmResponse, ProviderError, ToolCall } from "../../domain/llm-call";
import { classifyStainlessError, sdkProvider, sdkTimeout } from "./sdk-call";
import { mentionsJson, parseToolArguments, systemAskingForJson } from "./shared";

/** The SDK's own default, passed explicitly so the SDK never falls back to reading OPENAI_BASE_URL itself. */
export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";

/** `fetch`: how the SDK reaches the API; absent, the global one (the simulation passes an in-process one). */
export function createOpenAiProvider(options: { baseUrl?: string; fetch?: typeof fetch } = {}): LlmProvider {
  const baseURL = options.baseUrl ?? OPENAI_DEFAULT_BASE_URL;
  return sdkProvider("openai", classifyOpenAiError, async (request, signal) => {
    // organization/project null keep the SDK from adding the server's OPENAI_ORG_ID / PROJECT_ID headers.
    const client = new OpenAI({
      apiKey: request.apiKey,
      baseURL,
      organization: null,
      project: null,
      timeout: sdkTimeout(request),
      maxRetries: 0, // the engine owns retries and fallback
      ...(options.fetch && { fetch: options.fetch }),
    });
    const params = toOpenAiRequest(request);
    const { onToken } = request;
    if (onToken === undefined) {
      return fromOpenAiResponse(await client.chat.completions.create(params, { signal }), request);
    }
    // The SDK's stream helper assembles the same ChatCompletion (tool calls included) from the chunks.
    const stream = client.chat.completions.stream(
      { ...params, stream: true, stream_options: { include_usage: true } },
      { signal },
    );
    stream.on("content", (delta) => onToken(delta));
    return fromOpenAiResponse(await stream.finalChatCompletion(), request);
  });
}

export function toOpenAiRequest(request: LlmRequest): ChatCompletionCreateParamsNonStreaming {
  // JSON mode is refused unless the word "JSON" appears in the messages; add it only when missing.
  const system =
    request.json === true && !mentionsJson(request) ? systemAskingForJson(request) : request.system;
  const messages: ChatCompletionMessageParam[] = [];
  if (system !== undefined && system !== "") messages.push({ role: "system", content: system });
  for (const message of request.messages) {
    if (message.role === "user") messages.push({ role: "user", content: message.content });
    else if (message.role === "tool") {
      messages.push({ role: "tool", tool_call_id: message.toolCallId, content: message.content });
    } else {
      const toolCalls = message.toolCalls ?? [];
      messages.push({
        role: "assistant",
        content: message.content === "" && toolCalls.length > 0 ? null : message.content,
        ...(toolCalls.length > 0 && {
          tool_calls: toolCalls.map((call) => ({
            id: call.id,
            type: "function" as const,
            function: { name: call.name, arguments: JSON.stringify(call.arguments) },
          })),
        }),
      });
    }
  }
  const tools: ChatCompletionTool[] | undefined = request.tools?.map((tool) => ({
    type: "function",
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  }));
  return {
    model: request.model,
    messages,
    ...(request.temperature !== undefined && { temperature: request.temperature }),
    // max_completion_tokens, not the deprecated max_tokens, which the o-series models reject.
    ...(request.maxTokens !== undefined && { max_completion_tokens: request.maxTokens }),
    ...(tools !== undefined && tools.length > 0 && { tools }),
    ...(tools !== undefined &&
      tools.length > 0 &&
      request.toolChoice && {
        tool_choice:
          typeof request.toolChoice === "string"
            ? request.toolChoice
            : { type: "function" as const, function: { name: request.toolChoice.tool } },
      }),
    ...(request.json === true && { response_format: { type: "json_object" } }),
  };
}

export function fromOpenAiResponse(completion: ChatCompletion, request: LlmRequest): LlmResponse {
  const message = completion.choices[0]?.message;
  const toolCalls: ToolCall[] = [];
  for (const call of message?.tool_calls ?? []) {
    if (call.type !== "function") continue; // custom (free-text) tools are never declared by us
    toolCalls.push({
      id: call.id,
      name: call.function.name,
      arguments: parseToolArguments("openai", call.function.name, call.function.arguments),
    });
  }
  const usage = completion.usage;
  return {
    text: message?.content ?? "",
    toolCalls,
    usage: {
      // prompt_tokens already includes the cached tokens.
      inputTokens: usage?.prompt_tokens ?? 0,
      outputTokens: usage?.completion_tokens ?? 0,
      cachedInputTokens: usage?.prompt_tokens_details?.cached_tokens ?? 0,
    },
    model: completion.model || request.model,
  };
}

export function classifyOpenAiError(error: unknown): ProviderError {
  return classifyStainlessError("openai", { APIConnectionTimeoutError, APIConnectionError, APIError }, error);
}
