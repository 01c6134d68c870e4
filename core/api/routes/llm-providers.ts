import * as z from "zod";
import {
  PatchPrioritiesInput,
  ProviderSummary,
  PutProviderInput,
  toProviderSummary,
} from "../../domain/provider-config";
import { deleteProvider, putProvider, setProviderPriorities } from "../../llm/manage-providers";
import type { Deps } from "../../ports/deps";
import type { WorkspaceEnv } from "../env";
import { dataEnvelope, ok } from "../envelope";
import {
  AUTHENTICATED_ERRORS,
  createRouter,
  errorResponses,
  jsonContent,
  keyedRoutes,
  lazyResponses,
} from "../router";

const tags = ["LLM providers"];

const route = keyedRoutes(tags);

const list = route({
  method: "get",
  path: "/v1/llm-providers",
  operationId: "listLlmProviders",
  summary: "The workspace's provider settings (never the keys)",
  responses: lazyResponses(() => ({
    200: { description: "The providers", content: jsonContent(dataEnvelope(z.array(ProviderSummary))) },
    ...errorResponses(...AUTHENTICATED_ERRORS),
  })),
});

const put = route({
  method: "put",
  path: "/v1/llm-providers",
  operationId: "putLlmProvider",
  summary: "Add a provider key (201) or replace the key and settings of one (200); the key is never returned",
  request: { body: { content: jsonContent(PutProviderInput), required: true } },
  responses: lazyResponses(() => ({
    201: { description: "Added", content: jsonContent(dataEnvelope(ProviderSummary)) },
    200: { description: "Updated", content: jsonContent(dataEnvelope(ProviderSummary)) },
    ...errorResponses(400, ...AUTHENTICATED_ERRORS),
  })),
});

const patchPriority = route({
  method: "patch",
  path: "/v1/llm-providers/priority",
  operationId: "setLlmProviderPriorities",
  summary: "Set the priorities of 1 to 3 configured providers at once (all or none)",
  request: { body: { content: jsonContent(PatchPrioritiesInput), required: true } },
  responses: lazyResponses(() => ({
    200: {
      description: "Updated",
      content: jsonContent(dataEnvelope(z.object({ updated: z.literal(true) }))),
    },
    ...errorResponses(400, 404, ...AUTHENTICATED_ERRORS),
  })),
});

const remove = route({
  method: "delete",
  path: "/v1/llm-providers/{provider}",
  operationId: "deleteLlmProvider",
  summary: "Delete the workspace's key for a provider; the server's key, if any, applies again",
  request: { params: z.object({ provider: z.string().min(1).max(50) }) },
  responses: lazyResponses(() => ({
    200: {
      description: "Deleted",
      content: jsonContent(dataEnvelope(z.object({ deleted: z.literal(true) }))),
    },
    ...errorResponses(404, ...AUTHENTICATED_ERRORS),
  })),
});

export function llmProviderRoutes(deps: Pick<Deps, "store" | "clock" | "ids" | "keyVault">) {
  return createRouter<WorkspaceEnv>()
    .openapi(list, async (c) => {
      const records = await deps.store.llmProviders.list(c.var.workspaceId);
      return c.json(ok(records.map(toProviderSummary)), 200);
    })
    .openapi(put, async (c) => {
      const { provider, created } = await putProvider(deps, c.var.workspaceId, c.req.valid("json"));
      return created ? c.json(ok(provider), 201) : c.json(ok(provider), 200);
    })
    .openapi(patchPriority, async (c) => {
      await setProviderPriorities(deps, c.var.workspaceId, c.req.valid("json"));
      return c.json(ok({ updated: true as const }), 200);
    })
    .openapi(remove, async (c) => {
      await deleteProvider(deps, c.var.workspaceId, c.req.valid("param").provider);
      return c.json(ok({ deleted: true as const }), 200);
    });
}
