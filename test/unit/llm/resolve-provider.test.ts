import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../core/config";
import {
  createProviders,
  defaultModel,
  providerForModel,
  serverApiKey,
} from "../../../core/llm/resolve-provider";
import { startAnthropicFake } from "../../fakes/anthropic-server";
import { startGoogleFake } from "../../fakes/google-server";
import { llmRequest } from "../../fakes/llm-requests";
import { startOpenAiFake } from "../../fakes/openai-server";

describe("providerForModel", () => {
  it.each([
    ["gpt-4o-mini", "openai"],
    ["gpt-5", "openai"],
    ["o1-mini", "openai"],
    ["o3-mini", "openai"],
    ["o4-mini", "openai"],
    ["claude-haiku-4-5", "anthropic"],
    ["gemini-2.0-flash", "google"],
  ] as const)("%s → %s", (model, provider) => {
    expect(providerForModel(model)).toBe(provider);
  });

  it.each(["mistral-large", "llama-3", "o3", "GPT-4o", "", "claude"])(
    "%j resolves to no provider",
    (model) => {
      expect(providerForModel(model)).toBeUndefined();
    },
  );
});

describe("createProviders", () => {
  it("points each provider at its *_BASE_URL from the configuration", async () => {
    const fakes = {
      openai: await startOpenAiFake(),
      anthropic: await startAnthropicFake(),
      google: await startGoogleFake(),
    };
    try {
      const config = loadConfig({
        OPENAI_BASE_URL: fakes.openai.baseUrl,
        ANTHROPIC_BASE_URL: fakes.anthropic.baseUrl,
        GOOGLE_BASE_URL: fakes.google.baseUrl,
      });
      const providers = createProviders(config);
      for (const [name, fake] of Object.entries(fakes)) fake.reply({ text: `from ${name}` });
      expect((await providers.openai.complete(llmRequest("gpt-4o-mini"))).text).toBe("from openai");
      expect((await providers.anthropic.complete(llmRequest("claude-haiku-4-5"))).text).toBe(
        "from anthropic",
      );
      expect((await providers.google.complete(llmRequest("gemini-2.0-flash"))).text).toBe("from google");
      expect(Object.keys(providers).map((name) => providers[name as keyof typeof providers].name)).toEqual([
        "openai",
        "anthropic",
        "google",
      ]);
    } finally {
      await Promise.all(Object.values(fakes).map((fake) => fake.close()));
    }
  });

  it("exposes the server keys, timeout and default models from the configuration", () => {
    const config = loadConfig({ ANTHROPIC_API_KEY: "sk-ant-server", LLM_TIMEOUT_MS: "1500" });
    expect(serverApiKey(config, "anthropic")).toBe("sk-ant-server");
    expect(serverApiKey(config, "openai")).toBeUndefined();
    expect(config.LLM_TIMEOUT_MS).toBe(1500);
    expect(loadConfig({}).LLM_TIMEOUT_MS).toBe(60_000);
    expect(defaultModel(config, "openai")).toBe("gpt-4o-mini");
    expect(defaultModel(config, "anthropic")).toBe("claude-haiku-4-5");
    expect(defaultModel(config, "google")).toBe("gemini-2.0-flash");
  });
});
