import type { ApiKeyRecord, CreatedApiKey } from "../domain/api-key";
import { isoAt } from "../domain/time";
import type { Deps } from "../ports/deps";
import { generateApiKeySecret } from "./api-key-secret";

/** A new key for a workspace: the record to store (hash only) and the one response that shows the key. */
export function issueApiKey(
  deps: Pick<Deps, "clock" | "ids">,
  workspaceId: string,
  name: string,
): { record: ApiKeyRecord; created: CreatedApiKey } {
  const secret = generateApiKeySecret();
  const id = deps.ids("apiKey");
  const createdAt = isoAt(deps.clock.nowMs());
  return {
    record: {
      id,
      workspaceId,
      name,
      keyPrefix: secret.keyPrefix,
      keyHash: secret.keyHash,
      lastUsedAt: null,
      createdAt,
    },
    created: { id, name, key: secret.key, prefix: secret.keyPrefix, createdAt },
  };
}
