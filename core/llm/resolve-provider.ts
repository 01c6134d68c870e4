import type { Config } from "../config";
import type { LlmProvider, ProviderName } from "../domain/llm-call";
import { createAnthropicProvider } from "./providers/anthropic";
import { createGoogleProvider } from "./providers/google";
import { createOpenAiProvider } from "./providers/openai";

/** The specification's model-name prefixes ("Model provider selection"); anything else resolves to none. */
const MODEL_PREFIXES: readonly (readonly [string, ProviderName])[] = [
  ["gpt-", "openai"],
  ["o1-", "openai"],
  ["o3-", "openai"],
  ["o4-", "openai"],
  ["claude-", "anthropic"],
  ["gemini-", "google"],
];

/** The provider serving a model, or undefined, which the caller reports as a provider-resolution error. */
export function providerForModel(model: string): ProviderName | undefined {
  return MODEL_PREFIXES.find(([prefix]) => model.startsWith(prefix))?.[1];
}

type ProviderSettings = Pick<Config, "OPENAI_BASE_URL" | "ANTHROPIC_BASE_URL" | "GOOGLE_BASE_URL">;

/** One adapter per provider. They hold no key or connection, so one set serves every workspace. */
export function createProviders(config: ProviderSettings): Record<ProviderName, LlmProvider> {
  return {
    openai: createOpenAiProvider({ baseUrl: config.OPENAI_BASE_URL }),
    anthropic: createAnthropicProvider({ baseUrl: config.ANTHROPIC_BASE_URL }),
    google: createGoogleProvider({ baseUrl: config.GOOGLE_BASE_URL }),
  };
}

/** The server-level key for a provider, used when the workspace has stored none. */
export function serverApiKey(
  config: Pick<Config, "OPENAI_API_KEY" | "ANTHROPIC_API_KEY" | "GOOGLE_API_KEY">,
  provider: ProviderName,
): string | undefined {
  const keys: Record<ProviderName, string | undefined> = {
    openai: config.OPENAI_API_KEY,
    anthropic: config.ANTHROPIC_API_KEY,
    google: config.GOOGLE_API_KEY,
  };
  return keys[provider];
}

/** The model tried on a provider that enters the attempt order only as a workspace fallback. */
export function defaultModel(
  config: Pick<Config, "DEFAULT_OPENAI_MODEL" | "DEFAULT_ANTHROPIC_MODEL" | "DEFAULT_GOOGLE_MODEL">,
  provider: ProviderName,
): string {
  const models: Record<ProviderName, string> = {
    openai: config.DEFAULT_OPENAI_MODEL,
    anthropic: config.DEFAULT_ANTHROPIC_MODEL,
    google: config.DEFAULT_GOOGLE_MODEL,
  };
  return models[provider];
}
