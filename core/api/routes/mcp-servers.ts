import * as z from "zod";
import { CreateMcpServerInput, McpServerSummary } from "../../domain/mcp-server";
import { createMcpServer, deleteMcpServer, listMcpServers } from "../../mcp-servers/manage-servers";
import type { Deps } from "../../ports/deps";
import type { WorkspaceEnv } from "../env";
import { dataEnvelope, ok } from "../envelope";
import { IdParam } from "../params";
import {
  AUTHENTICATED_ERRORS,
  createRouter,
  errorResponses,
  jsonContent,
  keyedRoutes,
  lazyResponses,
} from "../router";

const route = keyedRoutes(["MCP servers"]);

const create = route({
  method: "post",
  path: "/v1/mcp-servers",
  operationId: "createMcpServer",
  summary: "Register a remote MCP server whose tools agent and llm steps may call",
  request: { body: { content: jsonContent(CreateMcpServerInput), required: true } },
  responses: lazyResponses(() => ({
    201: { description: "Registered", content: jsonContent(dataEnvelope(McpServerSummary)) },
    ...errorResponses(400, 409, ...AUTHENTICATED_ERRORS),
  })),
});

const list = route({
  method: "get",
  path: "/v1/mcp-servers",
  operationId: "listMcpServers",
  summary: "The workspace's MCP servers (never the header's value)",
  responses: lazyResponses(() => ({
    200: { description: "The servers", content: jsonContent(dataEnvelope(z.array(McpServerSummary))) },
    ...errorResponses(...AUTHENTICATED_ERRORS),
  })),
});

const remove = route({
  method: "delete",
  path: "/v1/mcp-servers/{id}",
  operationId: "deleteMcpServer",
  summary: "Delete an MCP server; steps that name it fail from then on",
  request: { params: IdParam },
  responses: lazyResponses(() => ({
    200: {
      description: "Deleted",
      content: jsonContent(dataEnvelope(z.object({ deleted: z.literal(true) }))),
    },
    ...errorResponses(404, ...AUTHENTICATED_ERRORS),
  })),
});

export function mcpServerRoutes(deps: Pick<Deps, "store" | "clock" | "ids" | "keyVault" | "config">) {
  return createRouter<WorkspaceEnv>()
    .openapi(create, async (c) =>
      c.json(ok(await createMcpServer(deps, c.var.workspaceId, c.req.valid("json"))), 201),
    )
    .openapi(list, async (c) => c.json(ok(await listMcpServers(deps, c.var.workspaceId)), 200))
    .openapi(remove, async (c) => {
      await deleteMcpServer(deps, c.var.workspaceId, c.req.valid("param").id);
      return c.json(ok({ deleted: true as const }), 200);
    });
}
