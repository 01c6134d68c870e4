import type { Config } from "../config";
import { PROVIDER_NAMES, type ProviderName } from "../domain/llm-call";
import { providerKeyContext } from "../domain/provider-config";
import { listsWorkspace } from "../domain/workspace-list";
import type { Deps } from "../ports/deps";
import { serverApiKey } from "./resolve-provider";

type ServerKeyConfig = Pick<
  Config,
  "OPENAI_API_KEY" | "ANTHROPIC_API_KEY" | "GOOGLE_API_KEY" | "SERVER_PROVIDER_KEYS"
>;

/** The keys an llm step may use, and the workspace's own providers in fallback order. */
export interface ProviderCredentials {
  /**
   * Per provider, the key to call it with: the workspace's when it has an enabled one, else the server's
   * when SERVER_PROVIDER_KEYS lets this workspace use it.
   */
  keys: Partial<Record<ProviderName, string>>;
  /** Enabled workspace providers, ascending priority; ties in the order openai, anthropic, google. */
  fallbackProviders: ProviderName[];
  /** True when SERVER_PROVIDER_KEYS leaves this workspace out, so a missing key is explained as such. */
  serverKeysWithheld?: boolean;
}

/**
 * The error of a model whose provider has no key for this workspace. It says where a key could come from,
 * since the fix is the workspace's or the operator's, and never suggests a server key the workspace may
 * not use.
 */
export function missingKeyError(provider: ProviderName, credentials: ProviderCredentials): string {
  const variable = `${provider.toUpperCase()}_API_KEY`;
  const where = credentials.serverKeysWithheld
    ? `; the server's ${variable} is not available to this workspace`
    : `, or set ${variable}`;
  return `No API key is configured for ${provider} (add one with PUT /v1/llm-providers${where})`;
}

export type LoadCredentials = (workspaceId: string) => Promise<ProviderCredentials>;

/**
 * Reads and decrypts the workspace's provider keys for one attempt. A disabled provider is as if it were
 * not configured: its key is not used (the server's may be) and it is not a fallback. The decrypted keys
 * live only in memory for the attempt; nothing here logs them or hands them to anything but the adapter.
 */
export function createCredentialLoader(
  deps: Pick<Deps, "store" | "keyVault">,
  config: ServerKeyConfig,
): LoadCredentials {
  return async (workspaceId) => {
    const configured = (await deps.store.llmProviders.list(workspaceId)).filter((record) => record.isEnabled);
    const keys: Partial<Record<ProviderName, string>> = {};
    const serverKeysWithheld = !listsWorkspace(config.SERVER_PROVIDER_KEYS, workspaceId);
    for (const name of serverKeysWithheld ? [] : PROVIDER_NAMES) {
      const serverKey = serverApiKey(config, name);
      if (serverKey) keys[name] = serverKey;
    }
    for (const record of configured) {
      keys[record.provider] = await deps.keyVault.decrypt(
        record.apiKeyCiphertext,
        providerKeyContext(workspaceId, record.provider),
      );
    }
    const order = (name: ProviderName) => PROVIDER_NAMES.indexOf(name);
    const fallbackProviders = configured
      .sort((a, b) => a.priority - b.priority || order(a.provider) - order(b.provider))
      .map((record) => record.provider);
    return { keys, fallbackProviders, serverKeysWithheld };
  };
}
