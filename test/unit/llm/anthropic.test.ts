import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ANTHROPIC_DEFAULT_MAX_TOKENS, createAnthropicProvider } from "../../../core/llm/providers/anthropic";
import { type AnthropicFake, startAnthropicFake } from "../../fakes/anthropic-server";
import { llmRequest, providerError, toolRoundTripRequest, WEATHER_TOOL } from "../../fakes/llm-requests";

/** Anthropic's wire shapes, through the official SDK against the fake Messages server. */
describe("anthropic adapter wire format", () => {
  let fake: AnthropicFake;
  const provider = () => createAnthropicProvider({ baseUrl: fake.baseUrl });

  beforeAll(async () => {
    fake = await startAnthropicFake();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it("posts /v1/messages with the system prompt in `system` and a default max_tokens", async () => {
    fake.reply({ text: "ok" });
    await provider().complete(llmRequest("claude-haiku-4-5", { system: "Be brief.", temperature: 0.3 }));
    const [request] = fake.requests;
    expect(request?.path).toBe("/v1/messages");
    expect(request?.headers["anthropic-version"]).toBeTruthy();
    expect(request?.body).toEqual({
      model: "claude-haiku-4-5",
      max_tokens: ANTHROPIC_DEFAULT_MAX_TOKENS,
      system: "Be brief.",
      temperature: 0.3,
      messages: [{ role: "user", content: "Hello" }],
    });
  });

  it("passes maxTokens and clamps temperature to Anthropic's 0-1", async () => {
    fake.reply({ text: "ok" });
    await provider().complete(llmRequest("claude-haiku-4-5", { maxTokens: 100, temperature: 1.7 }));
    expect(fake.requests[0]?.body).toMatchObject({ max_tokens: 100, temperature: 1 });
  });

  it("declares tools with input_schema and reads tool_use blocks", async () => {
    fake.reply({
      text: "Let me check.",
      toolCalls: [{ id: "toolu_01", name: "get_weather", arguments: { city: "Paris" } }],
    });
    const response = await provider().complete(llmRequest("claude-sonnet-4-5", { tools: [WEATHER_TOOL] }));
    expect(response.text).toBe("Let me check.");
    expect(response.toolCalls).toEqual([
      { id: "toolu_01", name: "get_weather", arguments: { city: "Paris" } },
    ]);
    expect(fake.requests[0]?.body).toMatchObject({
      tools: [
        { name: "get_weather", description: WEATHER_TOOL.description, input_schema: WEATHER_TOOL.parameters },
      ],
    });
  });

  it("sends the assistant's tool_use block and the result as a user tool_result block", async () => {
    fake.reply({ text: "21°C" });
    await provider().complete(toolRoundTripRequest("claude-sonnet-4-5", "toolu_01"));
    expect(fake.requests[0]?.body).toMatchObject({
      messages: [
        { role: "user", content: "Weather in Paris?" },
        {
          role: "assistant",
          content: [{ type: "tool_use", id: "toolu_01", name: "get_weather", input: { city: "Paris" } }],
        },
        {
          role: "user",
          content: [{ type: "tool_result", tool_use_id: "toolu_01", content: '{"tempC":21}' }],
        },
      ],
    });
  });

  it("puts the results of parallel tool calls into one user turn", async () => {
    fake.reply({ text: "done" });
    await provider().complete(
      llmRequest("claude-sonnet-4-5", {
        messages: [
          { role: "user", content: "Two cities" },
          {
            role: "assistant",
            content: "Checking both.",
            toolCalls: [
              { id: "t1", name: "get_weather", arguments: { city: "Paris" } },
              { id: "t2", name: "get_weather", arguments: { city: "Rome" } },
            ],
          },
          { role: "tool", toolCallId: "t1", toolName: "get_weather", content: "21" },
          { role: "tool", toolCallId: "t2", toolName: "get_weather", content: "25" },
        ],
      }),
    );
    const body = fake.requests[0]?.body as { messages: unknown[] };
    expect(body.messages).toHaveLength(3);
    expect(body.messages[1]).toMatchObject({ content: [{ type: "text", text: "Checking both." }, {}, {}] });
    expect(body.messages[2]).toMatchObject({
      role: "user",
      content: [{ tool_use_id: "t1" }, { tool_use_id: "t2" }],
    });
  });

  it("asks for JSON in the system prompt (no JSON mode) and strips a Markdown fence", async () => {
    fake.reply({ text: '```json\n{"answer": 42}\n```' });
    const response = await provider().complete(
      llmRequest("claude-haiku-4-5", { json: true, system: "Compute." }),
    );
    expect(response.text).toBe('{"answer": 42}');
    const body = fake.requests[0]?.body as { system: string };
    expect(body.system).toMatch(/^Compute\.\n\n.*JSON object/);
  });

  it("counts cache reads and writes as input, cache reads as cached", async () => {
    fake.reply({ text: "ok", usage: { input: 100, output: 20, cached: 1_000, cacheWrite: 50 } });
    const response = await provider().complete(llmRequest("claude-haiku-4-5"));
    expect(response.usage).toEqual({ inputTokens: 1_150, outputTokens: 20, cachedInputTokens: 1_000 });
  });

  it("classifies 529 as overloaded, retryable", async () => {
    fake.reply({ error: { status: 529, message: "Overloaded" } });
    const error = await providerError(provider().complete(llmRequest("claude-haiku-4-5")));
    expect(error).toMatchObject({ kind: "overloaded", status: 529, retryable: true });
  });

  it("classifies a prompt too long for the window as context_length, not retryable", async () => {
    fake.reply({ error: { status: 400, message: "prompt is too long: 210000 tokens > 200000 maximum" } });
    const error = await providerError(provider().complete(llmRequest("claude-haiku-4-5")));
    expect(error).toMatchObject({ kind: "context_length", status: 400, retryable: false });
  });
});
