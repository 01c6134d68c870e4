import Anthropic, { APIConnectionError, APIConnectionTimeoutError, APIError } from "@anthropic-ai/sdk";
import type {
  ToolChoice as AnthropicToolChoice,
  ContentBlockParam,
  Message,
  MessageCreateParamsNonStreaming,
  MessageParam,
  Tool,
} from "@anthropic-ai/sdk/resources/messages";
import type {
  LlmProvider,
  LlmRequest,
  LlmResponse,
  ProviderError,
  ToolCall,
  ToolChoice,
} from "../../domain/llm-call";
import { classifyStainlessError, sdkProvider, sdkTimeout } from "./sdk-call";
import { answerText, groupMessages, objectArguments, systemAskingForJson } from "./shared";

/** Passed explicitly so the SDK never falls back to reading ANTHROPIC_BASE_URL itself. */
export const ANTHROPIC_DEFAULT_BASE_URL = "https://api.anthropic.com";
/** The Messages API requires max_tokens; this is used when the step sets none. */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;

export function createAnthropicProvider(options: { baseUrl?: string } = {}): LlmProvider {
  const baseURL = options.baseUrl ?? ANTHROPIC_DEFAULT_BASE_URL;
  return sdkProvider("anthropic", classifyAnthropicError, async (request, signal) => {
    // An explicit apiKey also stops the SDK from reading ANTHROPIC_AUTH_TOKEN or a credentials profile
    // from the server's environment.
    const client = new Anthropic({
      apiKey: request.apiKey,
      baseURL,
      timeout: sdkTimeout(request),
      maxRetries: 0, // the engine owns retries and fallback
    });
    const params = toAnthropicRequest(request);
    const { onToken } = request;
    if (onToken === undefined) {
      return fromAnthropicResponse(await client.messages.create(params, { signal }), request);
    }
    // The SDK's stream helper assembles the same Message (tool_use inputs included) from the events.
    const stream = client.messages.stream(params, { signal });
    stream.on("text", (delta) => onToken(delta));
    return fromAnthropicResponse(await stream.finalMessage(), request);
  });
}

export function toAnthropicRequest(request: LlmRequest): MessageCreateParamsNonStreaming {
  // The Messages API has no schema-less JSON mode, so JSON is asked for in the system prompt (and a
  // Markdown fence around the answer is removed again in fromAnthropicResponse).
  const system = request.json === true ? systemAskingForJson(request) : request.system;
  const messages: MessageParam[] = groupMessages(request.messages).map((group): MessageParam => {
    if (group.role === "user") return { role: "user", content: group.content };
    if (group.role === "tool") {
      return {
        role: "user",
        content: group.results.map((result) => ({
          type: "tool_result" as const,
          tool_use_id: result.toolCallId,
          content: result.content,
        })),
      };
    }
    const content: ContentBlockParam[] = [];
    // An empty text block is rejected by the API.
    if (group.content !== "") content.push({ type: "text", text: group.content });
    for (const call of group.toolCalls) {
      content.push({ type: "tool_use", id: call.id, name: call.name, input: call.arguments });
    }
    return { role: "assistant", content };
  });
  const tools: Tool[] | undefined = request.tools?.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: { ...tool.parameters, type: "object" },
  }));
  return {
    model: request.model,
    max_tokens: request.maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
    messages,
    ...(system !== undefined && system !== "" && { system }),
    // Anthropic accepts 0-1 where the step allows 0-2; clamping keeps a fallback from OpenAI or Gemini
    // with a high temperature from failing as a bad request.
    ...(request.temperature !== undefined && { temperature: Math.min(request.temperature, 1) }),
    ...(tools !== undefined && tools.length > 0 && { tools }),
    ...(tools !== undefined &&
      tools.length > 0 &&
      request.toolChoice && {
        tool_choice: anthropicToolChoice(request.toolChoice),
      }),
  };
}

export function fromAnthropicResponse(message: Message, request: LlmRequest): LlmResponse {
  const texts: string[] = [];
  const toolCalls: ToolCall[] = [];
  for (const block of message.content) {
    if (block.type === "text") texts.push(block.text);
    else if (block.type === "tool_use") {
      const input = objectArguments("anthropic", block.input, `input for tool ${block.name}`);
      toolCalls.push({ id: block.id, name: block.name, arguments: input });
    }
  }
  const usage = message.usage;
  const cacheRead = usage.cache_read_input_tokens ?? 0;
  // Anthropic's input_tokens excludes both cache reads and cache writes; our inputTokens counts every
  // prompt token, so both are added back. Cache writes are billed at the plain input rate (see docs/pricing.md).
  const cacheWrite = usage.cache_creation_input_tokens ?? 0;
  return {
    text: answerText(request, texts.join("")),
    toolCalls,
    usage: {
      inputTokens: usage.input_tokens + cacheRead + cacheWrite,
      outputTokens: usage.output_tokens,
      cachedInputTokens: cacheRead,
    },
    model: message.model || request.model,
  };
}

export function classifyAnthropicError(error: unknown): ProviderError {
  return classifyStainlessError(
    "anthropic",
    { APIConnectionTimeoutError, APIConnectionError, APIError },
    error,
  );
}

/** Anthropic's words for it: `any` is "some tool", `tool` names one. */
function anthropicToolChoice(choice: ToolChoice): AnthropicToolChoice {
  if (choice === "required") return { type: "any" };
  if (choice === "auto" || choice === "none") return { type: choice };
  return { type: "tool", name: choice.tool };
}
