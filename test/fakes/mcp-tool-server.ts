import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import * as z from "zod";
import { startLoopbackServer } from "../helpers/loopback-server";

/** A call the server received: the tool, its arguments, the request's `_meta` and headers. */
export interface McpCallSeen {
  tool: string;
  arguments: Record<string, unknown>;
  meta: Record<string, unknown> | undefined;
  authorization: string | undefined;
}

/**
 * A remote MCP server built with the official SDK (stateless Streamable HTTP, JSON answers) on a loopback
 * port, offering `forecast` (answers a city's forecast), `hang` (never answers) and `fail` (reports an error),
 * counting the tool lists it was asked for.
 */
export async function startMcpToolServer(): Promise<{
  url: string;
  calls: McpCallSeen[];
  lists: () => number;
}> {
  const calls: McpCallSeen[] = [];
  let lists = 0;
  const base = await startLoopbackServer(async (request, body, response) => {
    if (body.includes('"method":"tools/list"')) lists += 1;
    const authorization = request.headers.authorization;
    const server = new McpServer({ name: "forecasts", version: "1.0.0" });
    const seen = (tool: string, args: Record<string, unknown>, meta: Record<string, unknown> | undefined) =>
      calls.push({ tool, arguments: args, meta, authorization });
    server.registerTool(
      "forecast",
      { description: "The forecast for a city", inputSchema: { city: z.string() } },
      async (args, extra) => {
        seen("forecast", args, extra._meta);
        return {
          content: [{ type: "text", text: `Sunny in ${args.city}` }],
          structuredContent: { city: args.city, sky: "sunny" },
        };
      },
    );
    server.registerTool("hang", { description: "Never answers" }, async (extra) => {
      seen("hang", {}, extra._meta);
      return new Promise(() => undefined);
    });
    server.registerTool("fail", { description: "Reports an error" }, async (extra) => {
      seen("fail", {}, extra._meta);
      return { content: [{ type: "text", text: "the forecast service is down" }], isError: true };
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === "string") headers.set(name, value);
    }
    const method = request.method ?? "POST";
    const answer = await transport.handleRequest(
      new Request(`http://127.0.0.1${request.url}`, {
        method,
        headers,
        ...(method === "POST" && { body }),
      }),
    );
    response.writeHead(answer.status, Object.fromEntries(answer.headers.entries()));
    response.end(Buffer.from(await answer.arrayBuffer()));
    await server.close();
  });
  return { url: `${base}/mcp`, calls, lists: () => lists };
}
