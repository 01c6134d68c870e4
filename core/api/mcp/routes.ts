import { Hono } from "hono";
import { callerCredential, callerIdentity } from "../caller";
import type { WorkspaceEnv } from "../env";
import type { McpDeps } from "./tools";

export const MCP_PATH = "/mcp";

const BATCH_REFUSED = {
  jsonrpc: "2.0",
  error: {
    code: -32600,
    message: "Invalid Request: JSON-RPC batches are not supported; send one message per request",
  },
  id: null,
};

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
      // The body was read already by the size check; the transport gets it parsed.
      const parsedBody: unknown = await c.req.json().catch(() => undefined);
      // A batch would do a request's worth of work per message under one count of the rate limit. The
      // protocol versions since 2025-06-18 have no batches, and the SDK's clients never send one.
      if (Array.isArray(parsedBody)) return c.json(BATCH_REFUSED, 400);
      // Loaded on the first MCP request: the SDK stays out of the API function's cold start.
      const [{ weftMcpServer }, { WebStandardStreamableHTTPServerTransport }] = await Promise.all([
        import("./tools"),
        import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js"),
      ]);
      const server = weftMcpServer(deps, c.var.workspaceId, {
        startedWith: await callerCredential(deps, c),
        identity: () => callerIdentity(deps, c),
      });
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      try {
        await server.connect(transport);
        const answer = await transport.handleRequest(
          c.req.raw,
          parsedBody === undefined ? {} : { parsedBody },
        );
        // Through the context, so the headers set before (RateLimit-*, the request id) go out with it.
        return c.newResponse(answer.body, answer);
      } finally {
        await server.close();
      }
    });
}
