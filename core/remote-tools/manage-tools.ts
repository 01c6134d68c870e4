import { ConflictError, NotFoundError } from "../domain/errors";
import {
  type CreateRemoteToolInput,
  type RemoteToolRecord,
  type RemoteToolSummary,
  TOOL_SECRET_PREFIX,
  toolSecretContext,
  toRemoteToolSummary,
} from "../domain/remote-tool";
import { isoAt } from "../domain/time";
import { registeredUrl } from "../outbound/registered-url";
import type { Deps } from "../ports/deps";
import { generateToken } from "../security/secret-tokens";

type ToolDeps = Pick<Deps, "store" | "clock" | "ids" | "keyVault" | "config">;

/**
 * Registers a remote tool (spec 4.8). The URL is checked now (see registeredUrl) and again on every call,
 * where the connection is made. The secret is returned here once and stored only encrypted.
 */
export async function createRemoteTool(
  deps: ToolDeps,
  workspaceId: string,
  input: CreateRemoteToolInput,
): Promise<RemoteToolSummary & { secret: string }> {
  const url = await registeredUrl(input.url, { allowPrivate: deps.config.ALLOW_PRIVATE_URLS });
  const id = deps.ids("remoteTool");
  const secret = generateToken(TOOL_SECRET_PREFIX);
  const record: RemoteToolRecord = {
    id,
    workspaceId,
    name: input.name,
    url,
    timeoutMs: input.timeoutMs,
    createdAt: isoAt(deps.clock.nowMs()),
    secretCiphertext: await deps.keyVault.encrypt(secret, toolSecretContext(workspaceId, id)),
  };
  if (!(await deps.store.remoteTools.create(record))) {
    throw new ConflictError(`A remote tool named "${input.name}" already exists in this workspace`);
  }
  return { ...toRemoteToolSummary(record), secret };
}

export async function listRemoteTools(deps: Pick<Deps, "store">, workspaceId: string) {
  return (await deps.store.remoteTools.list(workspaceId)).map(toRemoteToolSummary);
}

export async function deleteRemoteTool(deps: Pick<Deps, "store">, workspaceId: string, toolId: string) {
  if (!(await deps.store.remoteTools.delete(workspaceId, toolId))) throw new NotFoundError("Remote tool");
}
