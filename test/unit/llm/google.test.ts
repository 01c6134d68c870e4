import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createGoogleProvider } from "../../../core/llm/providers/google";
import { type GoogleFake, startGoogleFake } from "../../fakes/google-server";
import { llmRequest, providerError, toolRoundTripRequest, WEATHER_TOOL } from "../../fakes/llm-requests";

/** Gemini's wire shapes, through the official SDK against the fake generateContent server. */
describe("google adapter wire format", () => {
  let fake: GoogleFake;
  const provider = () => createGoogleProvider({ baseUrl: fake.baseUrl });

  beforeAll(async () => {
    fake = await startGoogleFake();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it("posts /v1beta/models/{model}:generateContent with systemInstruction and generationConfig", async () => {
    fake.reply({ text: "ok" });
    await provider().complete(
      llmRequest("gemini-2.0-flash", { system: "Be brief.", temperature: 1.5, maxTokens: 64 }),
    );
    const [request] = fake.requests;
    expect(request?.path).toBe("/v1beta/models/gemini-2.0-flash:generateContent");
    // @google/genai sends the system instruction as a content of role "user", as Gemini's REST API allows.
    expect(request?.body).toMatchObject({
      contents: [{ role: "user", parts: [{ text: "Hello" }] }],
      systemInstruction: { role: "user", parts: [{ text: "Be brief." }] },
      generationConfig: { temperature: 1.5, maxOutputTokens: 64 },
    });
  });

  it("declares functions in Gemini's schema subset and reads functionCall parts", async () => {
    fake.reply({ toolCalls: [{ name: "get_weather", arguments: { city: "Paris" } }] });
    const response = await provider().complete(llmRequest("gemini-2.5-flash", { tools: [WEATHER_TOOL] }));
    expect(response.toolCalls).toEqual([
      { id: expect.stringMatching(/^call_/), name: "get_weather", arguments: { city: "Paris" } },
    ]);
    expect(fake.requests[0]?.body).toMatchObject({
      tools: [
        {
          functionDeclarations: [
            {
              name: "get_weather",
              description: WEATHER_TOOL.description,
              // $schema and additionalProperties are gone: Gemini rejects them. The SDK writes Gemini's
              // upper-case type names.
              parameters: {
                type: "OBJECT",
                properties: { city: { type: "STRING", description: "City name" } },
                required: ["city"],
              },
            },
          ],
        },
      ],
    });
    const declared = JSON.stringify(fake.requests[0]?.body);
    expect(declared).not.toContain("additionalProperties");
    expect(declared).not.toContain("$schema");
  });

  it("sends the model's functionCall and the result as a functionResponse part", async () => {
    fake.reply({ text: "21°C" });
    await provider().complete(toolRoundTripRequest("gemini-2.5-flash", "call_1"));
    expect(fake.requests[0]?.body).toMatchObject({
      contents: [
        { role: "user", parts: [{ text: "Weather in Paris?" }] },
        { role: "model", parts: [{ functionCall: { name: "get_weather", args: { city: "Paris" } } }] },
        { role: "user", parts: [{ functionResponse: { name: "get_weather", response: { tempC: 21 } } }] },
      ],
    });
  });

  it("wraps a tool result that is not a JSON object as {result}", async () => {
    fake.reply({ text: "ok" });
    await provider().complete(
      llmRequest("gemini-2.5-flash", {
        messages: [
          { role: "user", content: "Go" },
          { role: "assistant", content: "", toolCalls: [{ id: "c", name: "lookup", arguments: {} }] },
          { role: "tool", toolCallId: "c", toolName: "lookup", content: "plain text" },
        ],
      }),
    );
    expect(fake.requests[0]?.body).toMatchObject({
      contents: [
        {},
        {},
        { parts: [{ functionResponse: { name: "lookup", response: { result: "plain text" } } }] },
      ],
    });
  });

  it("asks for application/json in JSON mode", async () => {
    fake.reply({ text: '{"a":1}' });
    const response = await provider().complete(llmRequest("gemini-2.0-flash", { json: true }));
    expect(response.text).toBe('{"a":1}');
    expect(fake.requests[0]?.body).toMatchObject({
      generationConfig: { responseMimeType: "application/json" },
    });
  });

  it("asks for JSON in the system instruction instead when tools are declared (Gemini refuses both)", async () => {
    fake.reply({ text: '```json\n{"a":1}\n```' });
    const response = await provider().complete(
      llmRequest("gemini-2.5-flash", { json: true, system: "Plan.", tools: [WEATHER_TOOL] }),
    );
    expect(response.text).toBe('{"a":1}');
    const body = fake.requests[0]?.body as {
      generationConfig: Record<string, unknown>;
      systemInstruction: { parts: { text: string }[] };
    };
    expect(body.generationConfig.responseMimeType).toBeUndefined();
    expect(body.systemInstruction.parts[0]?.text).toMatch(/^Plan\.\n\n.*JSON object/);
  });

  it("reports cached tokens as part of the input and thinking tokens as output", async () => {
    fake.reply({ text: "ok", usage: { input: 3_000, output: 100, cached: 2_048, thoughts: 400 } });
    const response = await provider().complete(llmRequest("gemini-2.5-flash"));
    expect(response.usage).toEqual({ inputTokens: 3_000, outputTokens: 500, cachedInputTokens: 2_048 });
  });

  it("classifies Gemini's 400 API_KEY_INVALID as auth", async () => {
    fake.reply({ error: { status: 400, message: "API key not valid.", reason: "API_KEY_INVALID" } });
    const error = await providerError(provider().complete(llmRequest("gemini-2.0-flash")));
    expect(error).toMatchObject({ kind: "auth", status: 400 });
  });
});
