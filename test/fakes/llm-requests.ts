import { type LlmRequest, ProviderError, type ToolSpec } from "../../core/domain/llm-call";

/** Request builders and assertions shared by the provider tests. */
export const WORKSPACE_KEY = "sk-workspace-key-0123456789";

export function llmRequest(model: string, overrides: Partial<LlmRequest> = {}): LlmRequest {
  return {
    model,
    messages: [{ role: "user", content: "Hello" }],
    apiKey: WORKSPACE_KEY,
    timeoutMs: 5_000,
    ...overrides,
  };
}

/** Written as for OpenAI, with keywords Gemini refuses ($schema, additionalProperties). */
export const WEATHER_TOOL: ToolSpec = {
  name: "get_weather",
  description: "Current weather for a city",
  parameters: {
    $schema: "http://json-schema.org/draft-07/schema#",
    type: "object",
    properties: { city: { type: "string", description: "City name" } },
    required: ["city"],
    additionalProperties: false,
  },
};

/** The conversation after the model asked for the weather: its tool call, then our result. */
export function toolRoundTripRequest(model: string, callId: string): LlmRequest {
  return llmRequest(model, {
    tools: [WEATHER_TOOL],
    messages: [
      { role: "user", content: "Weather in Paris?" },
      {
        role: "assistant",
        content: "",
        toolCalls: [{ id: callId, name: "get_weather", arguments: { city: "Paris" } }],
      },
      { role: "tool", toolCallId: callId, toolName: "get_weather", content: '{"tempC":21}' },
    ],
  });
}

export async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProviderError) return error;
    throw error;
  }
  throw new Error("expected the call to fail with a ProviderError");
}
