import { describe, expect, it } from "vitest";
import type { CallableMcpServer } from "../../core/mcp-servers/find-server";
import { createMcpAccess, MCP_TOOLS_CACHE_MS } from "../../core/mcp-servers/mcp-access";
import { createGuardedHttp } from "../../core/outbound/guarded-http";
import { startMcpToolServer } from "../fakes/mcp-tool-server";
import { ManualClock } from "../helpers/manual-clock";

/**
 * A server's tool list, read through the official SDK's client, is kept per process for MCP_TOOLS_CACHE_MS: an
 * agent's every turn shows the model its tools without asking the server each time, and a change on the
 * server is seen within that time. A registration made again under the same name is a new server.
 */
describe("an MCP server's tool list", () => {
  it("is asked for once per MCP_TOOLS_CACHE_MS, and again for a new registration", async () => {
    const mcp = await startMcpToolServer();
    const clock = new ManualClock(Date.parse("2026-11-29T06:00:00.000Z"));
    const access = createMcpAccess({
      // Only list and call are used here; the store and key vault serve find().
      store: undefined as never,
      keyVault: undefined as never,
      http: createGuardedHttp({ allowPrivate: true }),
      clock,
    });
    const server: CallableMcpServer = {
      id: "mcp_1",
      name: "forecasts",
      url: mcp.url,
      timeoutMs: 2000,
      headers: {},
      allowedTools: ["forecast", "fail"],
    };

    const first = await access.list(server);
    expect(first.map((tool) => tool.name)).toEqual(["forecast", "fail"]);
    expect(first[0]?.parameters).toMatchObject({ properties: { city: { type: "string" } } });
    await access.list(server);
    expect(mcp.lists()).toBe(1);

    clock.advance(MCP_TOOLS_CACHE_MS);
    await access.list(server);
    expect(mcp.lists()).toBe(2);

    await access.list({ ...server, id: "mcp_2" });
    expect(mcp.lists()).toBe(3);
  });
});
