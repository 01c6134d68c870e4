import type { Config } from "../config";
import type { LlmProvider, ProviderName } from "../domain/llm-call";
import { loadOnce } from "../domain/load-once";

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

/**
 * One adapter per provider. They hold no key or connection, so one set serves every workspace. Each
 * adapter is imported with its SDK on its first call (the three SDKs are some 550 kB minified): a worker
 * loads only those of the providers it calls, once, after its cold start rather than during it.
 */
export function createProviders(config: ProviderSettings): Record<ProviderName, LlmProvider> {
  return {
    openai: onFirstCall("openai", async () =>
      (await import("./providers/openai")).createOpenAiProvider({ baseUrl: config.OPENAI_BASE_URL }),
    ),
    anthropic: onFirstCall("anthropic", async () =>
      (await import("./providers/anthropic")).createAnthropicProvider({ baseUrl: config.ANTHROPIC_BASE_URL }),
    ),
    google: onFirstCall("google", async () =>
      (await import("./providers/google")).createGoogleProvider({ baseUrl: config.GOOGLE_BASE_URL }),
    ),
  };
}

/** A provider whose adapter is created by `load` when first called; a failed load is tried again next call. */
function onFirstCall(name: ProviderName, load: () => Promise<LlmProvider>): LlmProvider {
  const provider = loadOnce(load);
  return { name, complete: async (request) => (await provider()).complete(request) };
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
