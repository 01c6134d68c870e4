import { Hono } from "hono";
import type { WorkspaceEnv } from "../env";
import type { McpDeps } from "./tools";

export const MCP_PATH = "/mcp";

/**
 * /mcp: the Model Context Protocol over streamable HTTP (docs/mcp.md), stateless: each request gets a
 * server for the caller's workspace and a transport answering in JSON, both closed with it, so it works
 * alike on one Node process and on many Lambda instances. The API key is checked before (core/api/app.ts).
 */
export function mcpRoutes(deps: McpDeps) {
  return new Hono<WorkspaceEnv>()
    .on(["GET", "DELETE"], MCP_PATH, (c) =>
      // No session and nothing sent unasked: the protocol lets such a server refuse both.
      c.json(
        { jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed: POST only" }, id: null },
        405,
        {
          allow: "POST",
        },
      ),
    )
    .post(MCP_PATH, async (c) => {
      // Loaded on the first MCP request: the SDK stays out of the API function's cold start.
      const [{ weftMcpServer }, { WebStandardStreamableHTTPServerTransport }] = await Promise.all([
        import("./tools"),
        import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js"),
      ]);
      const server = weftMcpServer(deps, c.var.workspaceId);
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      try {
        await server.connect(transport);
        // The body was read already by the size check; the transport gets it parsed.
        const parsedBody = await c.req.json().catch(() => undefined);
        return await transport.handleRequest(c.req.raw, parsedBody === undefined ? {} : { parsedBody });
      } finally {
        await server.close();
      }
    });
}
