import * as z from "zod";
import { CreatedRemoteTool, CreateRemoteToolInput, RemoteToolSummary } from "../../domain/remote-tool";
import type { Deps } from "../../ports/deps";
import { createRemoteTool, deleteRemoteTool, listRemoteTools } from "../../remote-tools/manage-tools";
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

const tags = ["Remote tools"];

const route = keyedRoutes(tags);

const create = route({
  method: "post",
  path: "/v1/remote-tools",
  operationId: "createRemoteTool",
  summary: "Register a remote tool; its signing secret is shown only in this response",
  request: { body: { content: jsonContent(CreateRemoteToolInput), required: true } },
  responses: lazyResponses(() => ({
    201: { description: "Registered", content: jsonContent(dataEnvelope(CreatedRemoteTool)) },
    ...errorResponses(400, 409, ...AUTHENTICATED_ERRORS),
  })),
});

const list = route({
  method: "get",
  path: "/v1/remote-tools",
  operationId: "listRemoteTools",
  summary: "The workspace's remote tools (never the secret)",
  responses: lazyResponses(() => ({
    200: { description: "The tools", content: jsonContent(dataEnvelope(z.array(RemoteToolSummary))) },
    ...errorResponses(...AUTHENTICATED_ERRORS),
  })),
});

const remove = route({
  method: "delete",
  path: "/v1/remote-tools/{id}",
  operationId: "deleteRemoteTool",
  summary: "Delete a remote tool; steps that use it fail from then on",
  request: { params: IdParam },
  responses: lazyResponses(() => ({
    200: {
      description: "Deleted",
      content: jsonContent(dataEnvelope(z.object({ deleted: z.literal(true) }))),
    },
    ...errorResponses(404, ...AUTHENTICATED_ERRORS),
  })),
});

export function remoteToolRoutes(deps: Pick<Deps, "store" | "clock" | "ids" | "keyVault" | "config">) {
  return createRouter<WorkspaceEnv>()
    .openapi(create, async (c) =>
      c.json(ok(await createRemoteTool(deps, c.var.workspaceId, c.req.valid("json"))), 201),
    )
    .openapi(list, async (c) => c.json(ok(await listRemoteTools(deps, c.var.workspaceId)), 200))
    .openapi(remove, async (c) => {
      await deleteRemoteTool(deps, c.var.workspaceId, c.req.valid("param").id);
      return c.json(ok({ deleted: true as const }), 200);
    });
}
