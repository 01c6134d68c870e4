import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../core/config";
import type { LlmProvider } from "../../../core/domain/llm-call";
import { createAnthropicProvider } from "../../../core/llm/providers/anthropic";
import { createGoogleProvider } from "../../../core/llm/providers/google";
import { createOpenAiProvider } from "../../../core/llm/providers/openai";
import { type DevModels, startDevModels } from "../../../functions/dev-models";
import { llmRequest, toolRoundTripRequest, WEATHER_TOOL } from "../../fakes/llm-requests";

/** The development model, reached through each provider's official SDK as the llm step reaches it. */
let devModels: DevModels;
const providers: [string, string, () => LlmProvider][] = [];

beforeAll(async () => {
  devModels = await startDevModels(loadConfig({ DEV_MODELS: "true" }));
  const { config } = devModels;
  providers.push(
    ["openai", "gpt-4o-mini", () => createOpenAiProvider({ baseUrl: config.OPENAI_BASE_URL })],
    ["anthropic", "claude-haiku-4-5", () => createAnthropicProvider({ baseUrl: config.ANTHROPIC_BASE_URL })],
    ["google", "gemini-2.0-flash", () => createGoogleProvider({ baseUrl: config.GOOGLE_BASE_URL })],
  );
});
afterAll(() => devModels.close());

const each = (name: string, test: (provider: LlmProvider, model: string) => Promise<void>) =>
  it(name, async () => {
    for (const [, model, create] of providers) await test(create(), model);
  });

describe("the development model through the official SDKs", () => {
  each("echoes the last user turn, with token counts and the model asked for", async (provider, model) => {
    const response = await provider.complete(
      llmRequest(model, { system: "Be brief.", messages: [{ role: "user", content: "Ship it?" }] }),
    );

    expect(response.text).toBe("Echo: Ship it?");
    expect(response.toolCalls).toEqual([]);
    expect(response.model).toBe(model);
    expect(response.usage.inputTokens).toBeGreaterThan(0);
    expect(response.usage.outputTokens).toBe(Math.ceil("Echo: Ship it?".length / 4));
  });

  each("answers the JSON written after JSON: in the prompt", async (provider, model) => {
    const content = 'Classify the ticket. JSON: {"category": "billing", "urgent": true} (for the test)';
    const response = await provider.complete(
      llmRequest(model, { json: true, messages: [{ role: "user", content }] }),
    );

    expect(JSON.parse(response.text)).toEqual({ category: "billing", urgent: true });
  });

  each("answers a JSON echo when JSON is asked for without a script", async (provider, model) => {
    const response = await provider.complete(
      llmRequest(model, { json: true, messages: [{ role: "user", content: "Summarise" }] }),
    );

    expect(JSON.parse(response.text)).toEqual({ echo: "Summarise" });
  });

  each(
    "calls each offered tool with arguments from its schema, then echoes the results",
    async (provider, model) => {
      const tool = {
        ...WEATHER_TOOL,
        parameters: {
          ...WEATHER_TOOL.parameters,
          properties: { city: { type: "string", default: "Paris" } },
        },
      };
      const first = await provider.complete(llmRequest(model, { tools: [tool] }));

      expect(first.toolCalls).toMatchObject([{ name: "get_weather", arguments: { city: "Paris" } }]);
      expect(first.text).toBe("");

      const callId = first.toolCalls[0]?.id ?? "";
      const second = await provider.complete({ ...toolRoundTripRequest(model, callId), tools: [tool] });

      expect(second.toolCalls).toEqual([]);
      expect(second.text).toBe('Echo: Weather in Paris?\nget_weather returned {"tempC":21}');
    },
  );

  each("calls the tools again for as many rounds as TOOL ROUNDS asks", async (provider, model) => {
    const roundTrip = toolRoundTripRequest(model, "call-1");
    const [ask, ...firstRound] = roundTrip.messages;
    const conversation = (rounds: number) => [
      { role: "user" as const, content: `${ask?.content ?? ""} TOOL ROUNDS: 2` },
      ...Array.from({ length: rounds }, () => firstRound).flat(),
    ];

    const second = await provider.complete({ ...roundTrip, messages: conversation(1) });
    expect(second.toolCalls).toMatchObject([{ name: "get_weather" }]);

    const done = await provider.complete({ ...roundTrip, messages: conversation(2) });
    expect(done.toolCalls).toEqual([]);
    expect(done.text).toContain("get_weather returned");
  });
});

describe("the development model streamed through the official SDKs (stream: true)", () => {
  each("hands over the answer's text piece by piece, and the same whole answer", async (provider, model) => {
    const deltas: string[] = [];
    const content = "Where is order A-17 now?";
    const response = await provider.complete(
      llmRequest(model, { messages: [{ role: "user", content }], onToken: (delta) => deltas.push(delta) }),
    );

    expect(response.text).toBe(`Echo: ${content}`);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join("")).toBe(response.text);
    expect(response.usage.outputTokens).toBe(Math.ceil(response.text.length / 4));
  });

  each("streams tool calls whole, with their arguments", async (provider, model) => {
    const tool = {
      ...WEATHER_TOOL,
      parameters: { type: "object", properties: { city: { type: "string", default: "Oslo" } } },
    };
    const deltas: string[] = [];
    const response = await provider.complete(
      llmRequest(model, { tools: [tool], onToken: (delta) => deltas.push(delta) }),
    );

    expect(response.toolCalls).toMatchObject([{ name: "get_weather", arguments: { city: "Oslo" } }]);
    expect(deltas.join("")).toBe("");
  });
});

describe("DEV_MODELS in the configuration", () => {
  it("is refused on Lambda, where the runtime sets AWS_LAMBDA_FUNCTION_NAME", () => {
    expect(() => loadConfig({ DEV_MODELS: "true", AWS_LAMBDA_FUNCTION_NAME: "weft-api" })).toThrow(
      /DEV_MODELS is for local development and is refused on Lambda/,
    );
    expect(loadConfig({ AWS_LAMBDA_FUNCTION_NAME: "weft-api" }).DEV_MODELS).toBe(false);
  });

  it("is refused with a provider base URL, which it would replace", () => {
    expect(() => loadConfig({ DEV_MODELS: "true", OPENAI_BASE_URL: "https://gateway.example/v1" })).toThrow(
      /unset the \*_BASE_URL variables/,
    );
  });

  it("leaves the settings alone when off", async () => {
    const config = loadConfig({});
    const off = await startDevModels(config);

    expect(off.config).toBe(config);
    await off.close();
  });
});
