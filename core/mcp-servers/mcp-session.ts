import { LIMITS } from "../domain/limits";
import type { ToolSpec } from "../domain/llm-call";
import { loadOnce } from "../domain/load-once";
import type { OutboundUrlRefused } from "../outbound/outbound-errors";
import type { Clock } from "../ports/clock";
import type { OutboundHttp } from "../ports/http";
import type { ToolCallRequest, ToolCallResult } from "../remote-tools/call-remote-tool";
import type { CallableMcpServer } from "./find-server";
import { guardedFetch } from "./guarded-fetch";

/** The SDK's client, imported with a process's first MCP request rather than at a worker's cold start. */
const sdk = loadOnce(async () => ({
  ...(await import("@modelcontextprotocol/sdk/client/index.js")),
  ...(await import("@modelcontextprotocol/sdk/client/streamableHttp.js")),
}));

/** Pages of a server's tool list read at most: past them the list is cut, as past LIMITS.mcpToolsPerServer. */
const MAX_LIST_PAGES = 10;
const MAX_DETAIL_CHARS = 2000;

/** Why talking to a server failed: `refused` when the URL guard refused it (trying again cannot help). */
export class McpServerFailed extends Error {
  constructor(
    readonly server: string,
    readonly reason: string,
    readonly refused: boolean,
  ) {
    super(`MCP server "${server}" failed: ${reason}`);
    this.name = "McpServerFailed";
  }
}

/**
 * One conversation with a server, over the official SDK's Streamable HTTP client: opened (the protocol's
 * initialize), used, closed. Stateless on Weft's side, as a step's units run on any worker; each request goes
 * through the URL guard and is bounded by the server's timeoutMs (guarded-fetch.ts).
 */
async function withSession<T>(
  http: OutboundHttp,
  server: CallableMcpServer,
  use: (client: InstanceType<Awaited<ReturnType<typeof sdk>>["Client"]>) => Promise<T>,
): Promise<T> {
  const { Client, StreamableHTTPClientTransport } = await sdk();
  const seen: { refused?: OutboundUrlRefused } = {};
  const transport = new StreamableHTTPClientTransport(new URL(server.url), {
    fetch: guardedFetch(http, server.timeoutMs, seen),
    requestInit: { headers: server.headers },
  });
  const client = new Client({ name: "weft", version: "1" }, { capabilities: {} });
  try {
    await client.connect(transport, { timeout: server.timeoutMs });
    return await use(client);
  } catch (error) {
    if (seen.refused) throw new McpServerFailed(server.name, seen.refused.reason, true);
    throw new McpServerFailed(server.name, error instanceof Error ? error.message : String(error), false);
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** The server's tools as a model is shown them, those the registration allows, at most mcpToolsPerServer. */
export async function listMcpTools(http: OutboundHttp, server: CallableMcpServer): Promise<ToolSpec[]> {
  return withSession(http, server, async (client) => {
    const tools: ToolSpec[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_LIST_PAGES; page++) {
      const listed = await client.listTools(cursor === undefined ? {} : { cursor }, {
        timeout: server.timeoutMs,
      });
      for (const tool of listed.tools) {
        if (server.allowedTools && !server.allowedTools.includes(tool.name)) continue;
        tools.push({
          name: tool.name,
          description: (tool.description ?? `MCP tool ${tool.name} of ${server.name}`).slice(0, 1000),
          parameters: tool.inputSchema,
        });
      }
      cursor = listed.nextCursor;
      if (cursor === undefined || tools.length > LIMITS.mcpToolsPerServer) break;
    }
    return tools.slice(0, LIMITS.mcpToolsPerServer);
  });
}

/**
 * Calls one tool. Its result is data, as a remote tool's is: the model reads an error the tool reports
 * (`isError`) and may recover. The call's id goes in the request's `_meta`, so a server can recognise a call
 * repeated after a crash (the protocol has no idempotency key of its own).
 */
export async function callMcpTool(
  deps: { http: OutboundHttp; clock: Clock },
  server: CallableMcpServer,
  toolName: string,
  request: ToolCallRequest,
): Promise<ToolCallResult> {
  const startedMs = deps.clock.nowMs();
  const elapsed = () => Math.max(0, deps.clock.nowMs() - startedMs);
  try {
    const result = await withSession(deps.http, server, (client) =>
      client.callTool(
        {
          name: toolName,
          arguments: request.arguments,
          _meta: { "weft/callId": request.callId, "weft/workflowRunId": request.workflowRunId },
        },
        undefined,
        { timeout: server.timeoutMs },
      ),
    );
    const answer = result.structuredContent ?? result.content ?? result.toolResult ?? null;
    if (result.isError === true) {
      const detail = JSON.stringify(answer).slice(0, MAX_DETAIL_CHARS);
      return { ok: false, error: `MCP tool ${toolName} reported an error`, detail, durationMs: elapsed() };
    }
    return { ok: true, result: answer, durationMs: elapsed() };
  } catch (error) {
    if (!(error instanceof McpServerFailed)) throw error;
    return {
      ok: false,
      error: error.message,
      ...(error.refused && { refused: true }),
      durationMs: elapsed(),
    };
  }
}
