import { ConflictError, NotFoundError } from "../domain/errors";
import {
  type CreateMcpServerInput,
  type McpServerRecord,
  type McpServerSummary,
  mcpAuthContext,
  toMcpServerSummary,
} from "../domain/mcp-server";
import { isoAt } from "../domain/time";
import { registeredUrl } from "../outbound/registered-url";
import type { Deps } from "../ports/deps";

type ServerDeps = Pick<Deps, "store" | "clock" | "ids" | "keyVault" | "config">;

/**
 * Registers an MCP server (docs/agents.md, "MCP servers"). The URL is checked now and again on every request,
 * where the connection is made; the header's value is stored only encrypted and never shown again.
 */
export async function createMcpServer(
  deps: ServerDeps,
  workspaceId: string,
  input: CreateMcpServerInput,
): Promise<McpServerSummary> {
  const url = await registeredUrl(input.url, { allowPrivate: deps.config.ALLOW_PRIVATE_URLS });
  const id = deps.ids("mcpServer");
  const auth = input.authHeader;
  const record: McpServerRecord = {
    id,
    workspaceId,
    name: input.name,
    url,
    authHeaderName: auth?.name ?? null,
    authCiphertext: auth ? await deps.keyVault.encrypt(auth.value, mcpAuthContext(workspaceId, id)) : null,
    allowedTools: input.allowedTools ?? null,
    timeoutMs: input.timeoutMs,
    createdAt: isoAt(deps.clock.nowMs()),
  };
  if (!(await deps.store.mcpServers.create(record))) {
    throw new ConflictError(`An MCP server named "${input.name}" already exists in this workspace`);
  }
  return toMcpServerSummary(record);
}

export async function listMcpServers(deps: Pick<Deps, "store">, workspaceId: string) {
  return (await deps.store.mcpServers.list(workspaceId)).map(toMcpServerSummary);
}

export async function deleteMcpServer(deps: Pick<Deps, "store">, workspaceId: string, serverId: string) {
  if (!(await deps.store.mcpServers.delete(workspaceId, serverId))) throw new NotFoundError("MCP server");
}
