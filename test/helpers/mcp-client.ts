import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect, onTestFinished } from "vitest";
import { withKey } from "./accounts";
import type { ErrorBody } from "./requests";
import type { TestApp } from "./test-app";

export type ToolResult = Awaited<ReturnType<Client["callTool"]>>;

/**
 * The official MCP client, as Claude or Cursor would drive /mcp, with the workspace's API key; its HTTP goes
 * to the in-process app as it would over the network to the service. Closed when the test ends.
 */
export async function connectMcp(t: TestApp, apiKey: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL("http://weft.test/mcp"), {
    requestInit: { headers: withKey(apiKey) },
    fetch: async (url, init) => t.app.request(String(url), init),
  });
  const client = new Client({ name: "weft-test", version: "1.0.0" });
  await client.connect(transport);
  onTestFinished(() => client.close());
  return client;
}

/** A tool's answer: its one text content, parsed. */
export function toolJson(result: ToolResult) {
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  const [first] = result.content as { type: string; text: string }[];
  return JSON.parse(first?.text ?? "null") as Record<string, unknown> & Record<string, unknown>[];
}

/** A tool's refusal: a tool error whose text is the REST answer's `error`. */
export function toolError(result: ToolResult): ErrorBody {
  expect(result.isError, JSON.stringify(result.content)).toBe(true);
  const [first] = result.content as { type: string; text: string }[];
  return JSON.parse(first?.text ?? "null") as ErrorBody;
}
