import type { McpAccess } from "../../core/mcp-servers/mcp-access";

/** A workspace without MCP servers, for tests whose steps name none. */
export const noMcpServers: McpAccess = {
  find: async () => undefined,
  list: async () => [],
  call: async () => ({ ok: false, error: "no MCP servers here", durationMs: 0 }),
};
