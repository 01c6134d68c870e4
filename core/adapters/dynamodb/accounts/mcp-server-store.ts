import { McpServerRecord } from "../../../domain/mcp-server";
import type { McpServerStore } from "../../../ports/store";
import type { Table } from "../table/dynamo-client";
import { keys } from "../table/keys";
import { createNamedRecordStore } from "./named-record-store";

/** An MCP server: `MCP#<id>` and `MCPNAME#<name>` in the workspace partition (named-record-store.ts). */
export function createMcpServerStore(table: Table): McpServerStore {
  return createNamedRecordStore(table, {
    byId: keys.mcpServer,
    byName: keys.mcpServerName,
    idPrefix: keys.mcpServerPrefix,
    entity: "McpServer",
    parse: (item) => McpServerRecord.parse(item),
  });
}
