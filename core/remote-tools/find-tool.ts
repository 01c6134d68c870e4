import { toolSecretContext } from "../domain/remote-tool";
import type { Deps } from "../ports/deps";

/*
 * Finding a registered tool to call it, apart from registering one (manage-tools.ts, the API's), whose URL
 * check brings the URL guard: a worker finds tools without loading it during its cold start.
 */

/** A registered tool with its secret decrypted, for the duration of one call. */
export interface CallableTool {
  id: string;
  name: string;
  url: string;
  timeoutMs: number;
  secret: string;
}

export type FindTool = (workspaceId: string, name: string) => Promise<CallableTool | undefined>;

export function createToolFinder(deps: Pick<Deps, "store" | "keyVault">): FindTool {
  return async (workspaceId, name) => {
    const record = await deps.store.remoteTools.byName(workspaceId, name);
    if (!record) return undefined;
    const secret = await deps.keyVault.decrypt(
      record.secretCiphertext,
      toolSecretContext(workspaceId, record.id),
    );
    return { id: record.id, name: record.name, url: record.url, timeoutMs: record.timeoutMs, secret };
  };
}
