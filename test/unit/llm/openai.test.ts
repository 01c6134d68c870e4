import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createOpenAiProvider } from "../../../core/llm/providers/openai";
import { llmRequest, providerError, toolRoundTripRequest, WEATHER_TOOL } from "../../fakes/llm-requests";
import { type OpenAiFake, startOpenAiFake } from "../../fakes/openai-server";

/** OpenAI's wire shapes, through the official SDK against the fake Chat Completions server. */
describe("openai adapter wire format", () => {
  let fake: OpenAiFake;
  const provider = () => createOpenAiProvider({ baseUrl: fake.baseUrl });

  beforeAll(async () => {
    fake = await startOpenAiFake();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it("posts to {base}/chat/completions with the system prompt as the first message", async () => {
    fake.reply({ text: "ok" });
    await provider().complete(
      llmRequest("gpt-4o-mini", { system: "Be brief.", temperature: 0.2, maxTokens: 50 }),
    );
    const [request] = fake.requests;
    expect(request?.path).toBe("/v1/chat/completions");
    expect(request?.body).toEqual({
      model: "gpt-4o-mini",
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Hello" },
      ],
      temperature: 0.2,
      max_completion_tokens: 50,
    });
  });

  it("declares tools and parses the model's tool call", async () => {
    fake.reply({ toolCalls: [{ id: "call_abc", name: "get_weather", arguments: { city: "Paris" } }] });
    const response = await provider().complete(llmRequest("gpt-4o", { tools: [WEATHER_TOOL] }));
    expect(response.toolCalls).toEqual([
      { id: "call_abc", name: "get_weather", arguments: { city: "Paris" } },
    ]);
    expect(response.text).toBe("");
    expect(fake.requests[0]?.body).toMatchObject({
      tools: [{ type: "function", function: { name: "get_weather", parameters: WEATHER_TOOL.parameters } }],
    });
  });

  it("sends the assistant's tool_calls and the result as a role 'tool' message", async () => {
    fake.reply({ text: "21°C in Paris" });
    const response = await provider().complete(toolRoundTripRequest("gpt-4o", "call_abc"));
    expect(response.text).toBe("21°C in Paris");
    expect(fake.requests[0]?.body).toMatchObject({
      messages: [
        { role: "user", content: "Weather in Paris?" },
        {
          role: "assistant",
          content: null,
          tool_calls: [
            {
              id: "call_abc",
              type: "function",
              function: { name: "get_weather", arguments: '{"city":"Paris"}' },
            },
          ],
        },
        { role: "tool", tool_call_id: "call_abc", content: '{"tempC":21}' },
      ],
    });
  });

  it("turns on json_object mode, adding the word JSON only when the prompt lacks it", async () => {
    fake.reply({ text: '{"a":1}' }, { text: '{"a":1}' });
    await provider().complete(llmRequest("gpt-4o-mini", { json: true, system: "Reply in JSON." }));
    await provider().complete(llmRequest("gpt-4o-mini", { json: true }));
    const [mentioned, missing] = fake.requests.map((request) => request.body);
    expect(mentioned).toMatchObject({
      response_format: { type: "json_object" },
      messages: [{ role: "system", content: "Reply in JSON." }, { role: "user" }],
    });
    expect(missing).toMatchObject({
      response_format: { type: "json_object" },
      messages: [{ role: "system", content: expect.stringContaining("JSON object") }, { role: "user" }],
    });
  });

  it("reports cached prompt tokens as part of the input", async () => {
    fake.reply({ text: "ok", usage: { input: 2_000, output: 40, cached: 1_536 } });
    const response = await provider().complete(llmRequest("gpt-4o"));
    expect(response.usage).toEqual({ inputTokens: 2_000, outputTokens: 40, cachedInputTokens: 1_536 });
  });

  it("fails invalid tool-call argument JSON as a retryable server error", async () => {
    fake.reply({ toolCalls: [{ name: "get_weather", arguments: '{"city": "Par' }] });
    const error = await providerError(provider().complete(llmRequest("gpt-4o", { tools: [WEATHER_TOOL] })));
    expect(error).toMatchObject({ kind: "server", provider: "openai" });
    expect(error.retryable).toBe(true);
  });
});
