import { ConflictError, NotFoundError } from "../domain/errors";
import { PROVIDER_NAMES, type ProviderName } from "../domain/llm-call";
import {
  type PatchPrioritiesInput,
  type ProviderRecord,
  type ProviderSummary,
  type PutProviderInput,
  providerKeyContext,
  toProviderSummary,
} from "../domain/provider-config";
import { isoAt } from "../domain/time";
import type { Deps } from "../ports/deps";

type ManageDeps = Pick<Deps, "store" | "clock" | "ids" | "keyVault">;

/**
 * PUT /v1/llm-providers: adds the provider (created: true, answered 201) or replaces its key and settings
 * (answered 200). The key is encrypted before it is stored; it is never read back by any route.
 */
export async function putProvider(
  deps: ManageDeps,
  workspaceId: string,
  input: PutProviderInput,
): Promise<{ provider: ProviderSummary; created: boolean }> {
  const apiKeyCiphertext = await deps.keyVault.encrypt(
    input.apiKey,
    providerKeyContext(workspaceId, input.provider),
  );
  const now = isoAt(deps.clock.nowMs());
  // Two rounds: a concurrent PUT may create the provider between our read and our create, or delete it
  // between our read and our update; the second round sees what it did.
  for (let round = 0; round < 2; round++) {
    const existing = await deps.store.llmProviders.get(workspaceId, input.provider);
    const record: ProviderRecord = {
      id: existing?.id ?? deps.ids("provider"),
      workspaceId,
      provider: input.provider,
      priority: input.priority,
      isEnabled: input.isEnabled,
      apiKeyCiphertext,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    };
    if (
      existing ? await deps.store.llmProviders.update(record) : await deps.store.llmProviders.create(record)
    ) {
      return { provider: toProviderSummary(record), created: !existing };
    }
  }
  throw new ConflictError("The provider was changed by a concurrent request; retry");
}

/** PATCH /v1/llm-providers/priority: all priorities or none; an unknown or unconfigured provider is a 404. */
export async function setProviderPriorities(
  deps: ManageDeps,
  workspaceId: string,
  input: PatchPrioritiesInput,
): Promise<void> {
  const unknown = input.providers.find(({ provider }) => !isProviderName(provider));
  if (unknown) throw new NotFoundError(`LLM provider "${unknown.provider}"`);
  const missing = await deps.store.llmProviders.setPriorities(
    workspaceId,
    input.providers,
    isoAt(deps.clock.nowMs()),
  );
  if (missing !== undefined) throw new NotFoundError(`LLM provider "${input.providers[missing]?.provider}"`);
}

export async function deleteProvider(deps: ManageDeps, workspaceId: string, provider: string): Promise<void> {
  if (!isProviderName(provider) || !(await deps.store.llmProviders.delete(workspaceId, provider))) {
    throw new NotFoundError(`LLM provider "${provider}"`);
  }
}

export function isProviderName(value: string): value is ProviderName {
  return (PROVIDER_NAMES as readonly string[]).includes(value);
}
