import { mcpAuthContext } from "../domain/mcp-server";
import type { Deps } from "../ports/deps";

/** A registered MCP server with its header decrypted, for the duration of one step's unit. */
export interface CallableMcpServer {
  id: string;
  name: string;
  url: string;
  timeoutMs: number;
  headers: Record<string, string>;
  allowedTools: string[] | null;
}

export type FindMcpServer = (workspaceId: string, name: string) => Promise<CallableMcpServer | undefined>;

/** Finding a server by the name a step gives it, apart from registering one (manage-servers.ts, the API's). */
export function createMcpServerFinder(deps: Pick<Deps, "store" | "keyVault">): FindMcpServer {
  return async (workspaceId, name) => {
    const record = await deps.store.mcpServers.byName(workspaceId, name);
    if (!record) return undefined;
    const headers: Record<string, string> = {};
    if (record.authHeaderName && record.authCiphertext) {
      headers[record.authHeaderName] = await deps.keyVault.decrypt(
        record.authCiphertext,
        mcpAuthContext(workspaceId, record.id),
      );
    }
    const { id, url, timeoutMs, allowedTools } = record;
    return { id, name: record.name, url, timeoutMs, headers, allowedTools };
  };
}
