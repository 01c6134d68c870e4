import { describe, expect, it } from "vitest";
import type { ToolChoice } from "../../../core/domain/llm-call";
import { toAnthropicRequest } from "../../../core/llm/providers/anthropic";
import { toGoogleRequest } from "../../../core/llm/providers/google";
import { toOpenAiRequest } from "../../../core/llm/providers/openai";
import { llmRequest, WEATHER_TOOL } from "../../fakes/llm-requests";

/** A toolChoice in each provider's words, and none where no tools are offered. */
const withChoice = (model: string, toolChoice: ToolChoice, tools = [WEATHER_TOOL]) => ({
  ...llmRequest(model, { tools }),
  toolChoice,
});

describe("toolChoice on the wire", () => {
  it("is OpenAI's tool_choice: the word, or the named function", () => {
    expect(toOpenAiRequest(withChoice("gpt-4o", "required")).tool_choice).toBe("required");
    expect(toOpenAiRequest(withChoice("gpt-4o", { tool: "get_weather" })).tool_choice).toEqual({
      type: "function",
      function: { name: "get_weather" },
    });
  });

  it("is Anthropic's tool_choice: any for required, tool with its name", () => {
    expect(toAnthropicRequest(withChoice("claude-haiku-4-5", "required")).tool_choice).toEqual({
      type: "any",
    });
    expect(toAnthropicRequest(withChoice("claude-haiku-4-5", "none")).tool_choice).toEqual({ type: "none" });
    expect(toAnthropicRequest(withChoice("claude-haiku-4-5", { tool: "get_weather" })).tool_choice).toEqual({
      type: "tool",
      name: "get_weather",
    });
  });

  it("is Gemini's functionCallingConfig: ANY, narrowed to the named function", () => {
    expect(toGoogleRequest(withChoice("gemini-2.0-flash", "none")).config?.toolConfig).toEqual({
      functionCallingConfig: { mode: "NONE" },
    });
    expect(
      toGoogleRequest(withChoice("gemini-2.0-flash", { tool: "get_weather" })).config?.toolConfig,
    ).toEqual({
      functionCallingConfig: { mode: "ANY", allowedFunctionNames: ["get_weather"] },
    });
  });

  it("is left out when no tools are offered", () => {
    expect(toOpenAiRequest(withChoice("gpt-4o", "required", [])).tool_choice).toBeUndefined();
    expect(toAnthropicRequest(withChoice("claude-haiku-4-5", "required", [])).tool_choice).toBeUndefined();
    expect(
      toGoogleRequest(withChoice("gemini-2.0-flash", "required", [])).config?.toolConfig,
    ).toBeUndefined();
  });
});
