import type { ToolSpec } from "../domain/llm-call";
import type { Deps } from "../ports/deps";
import type { ToolCallRequest, ToolCallResult } from "../remote-tools/call-remote-tool";
import { type CallableMcpServer, createMcpServerFinder, type FindMcpServer } from "./find-server";
import { callMcpTool, listMcpTools } from "./mcp-session";

/** What a step's tools need of MCP servers: finding one by name, its tools, calling one of them. */
export interface McpAccess {
  find: FindMcpServer;
  list(server: CallableMcpServer): Promise<ToolSpec[]>;
  call(server: CallableMcpServer, toolName: string, request: ToolCallRequest): Promise<ToolCallResult>;
}

/**
 * A server's tool list is kept this long per process: an agent's every unit shows the model its tools, and
 * listing them is three requests (initialize, its notice, tools/list). A registration deleted or re-created
 * under the same name has a new id, so it is never served from another's entry.
 */
export const MCP_TOOLS_CACHE_MS = 60_000;
const MAX_CACHED_SERVERS = 500;

export function createMcpAccess(deps: Pick<Deps, "store" | "keyVault" | "http" | "clock">): McpAccess {
  const cache = new Map<string, { tools: ToolSpec[]; atMs: number }>();
  return {
    find: createMcpServerFinder(deps),
    async list(server) {
      const key = `${server.id} ${server.url}`;
      const cached = cache.get(key);
      if (cached && deps.clock.nowMs() - cached.atMs < MCP_TOOLS_CACHE_MS) return cached.tools;
      const tools = await listMcpTools(deps.http, server);
      // Oldest first out: a Map iterates in insertion order.
      if (cache.size >= MAX_CACHED_SERVERS) cache.delete(cache.keys().next().value as string);
      cache.delete(key);
      cache.set(key, { tools, atMs: deps.clock.nowMs() });
      return tools;
    },
    call: (server, toolName, request) => callMcpTool(deps, server, toolName, request),
  };
}
