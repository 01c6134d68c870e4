import * as z from "zod";
import { LIMITS } from "./limits";
import { REMOTE_TOOL_NAME } from "./remote-tool";

/**
 * A remote MCP server registered in a workspace (docs/agents.md, "MCP servers"): agent and llm steps name it in
 * `tools` and are shown the tools it lists, called over the protocol's Streamable HTTP transport.
 */
export const DEFAULT_MCP_TIMEOUT_MS = 10_000;

/** The names providers accept for a function: a listed tool named otherwise cannot be shown to a model. */
export const MODEL_TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** An HTTP header name (RFC 9110 token), kept to a sensible length. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;

export const CreateMcpServerInput = z
  .strictObject({
    name: z
      .string()
      .max(64)
      .regex(REMOTE_TOOL_NAME, "must start with a letter, then letters, digits, _ or -")
      .meta({
        description: "How steps name the server (`tools: [{mcpServer: name}]`), unique in the workspace",
      }),
    url: z
      .string()
      .min(1)
      .max(2048)
      .meta({ description: "The server's Streamable HTTP endpoint: public HTTPS" }),
    authHeader: z
      .strictObject({
        name: z.string().regex(HEADER_NAME, "must be an HTTP header name"),
        value: z.string().min(1).max(4096),
      })
      .optional()
      .meta({
        description:
          "Sent with every request to the server (e.g. Authorization); kept encrypted, never shown again",
      }),
    allowedTools: z
      .array(z.string().regex(MODEL_TOOL_NAME, "must be 1-64 letters, digits, _ or -"))
      .min(1)
      .max(LIMITS.mcpToolsPerServer)
      .optional()
      .meta({ description: "Only these of the server's tools are shown to models (default: all it lists)" }),
    timeoutMs: z.int().min(100).max(30_000).default(DEFAULT_MCP_TIMEOUT_MS).meta({
      description: "Bound of each request to the server (listing its tools, each call)",
    }),
  })
  .meta({ id: "CreateMcpServerInput" });
export type CreateMcpServerInput = z.infer<typeof CreateMcpServerInput>;

export const McpServerSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    url: z.string(),
    /** The header's name only: its value is a secret. */
    authHeaderName: z.string().nullable(),
    allowedTools: z.array(z.string()).nullable(),
    timeoutMs: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: "McpServerSummary" });
export type McpServerSummary = z.infer<typeof McpServerSummary>;

/** As stored: the summary plus the header's value, encrypted by the key vault. */
export const McpServerRecord = McpServerSummary.extend({
  workspaceId: z.string(),
  authCiphertext: z.string().nullable(),
});
export type McpServerRecord = z.infer<typeof McpServerRecord>;

export function toMcpServerSummary(record: McpServerRecord): McpServerSummary {
  const { id, name, url, authHeaderName, allowedTools, timeoutMs, createdAt } = record;
  return { id, name, url, authHeaderName, allowedTools, timeoutMs, createdAt };
}

/** Binds a header value's ciphertext to its workspace and server: copied elsewhere, it does not decrypt. */
export function mcpAuthContext(workspaceId: string, serverId: string) {
  return { workspaceId, mcpServerId: serverId, purpose: "mcp-server-auth" } as const;
}
