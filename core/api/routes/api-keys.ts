import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { issueApiKey } from "../../auth/issue-api-key";
import { ApiKeySummary, CreateApiKeyInput, CreatedApiKey } from "../../domain/api-key";
import { NotFoundError } from "../../domain/errors";
import type { Deps } from "../../ports/deps";
import type { WorkspaceEnv } from "../env";
import { dataEnvelope, ok } from "../envelope";
import { IdParam } from "../params";
import {
  API_KEY_SECURITY,
  AUTHENTICATED_ERRORS,
  createRouter,
  errorResponses,
  jsonContent,
  lazyResponses,
} from "../router";

const tags = ["API keys"];

const create = createRoute({
  method: "post",
  path: "/v1/api-keys",
  operationId: "createApiKey",
  tags,
  summary: "Create an API key for the caller's workspace; the key is shown only in this response",
  security: API_KEY_SECURITY,
  request: { body: { content: jsonContent(CreateApiKeyInput), required: true } },
  responses: lazyResponses(() => ({
    201: { description: "Created", content: jsonContent(dataEnvelope(CreatedApiKey)) },
    ...errorResponses(400, ...AUTHENTICATED_ERRORS),
  })),
});

const list = createRoute({
  method: "get",
  path: "/v1/api-keys",
  operationId: "listApiKeys",
  tags,
  summary: "List the workspace's active keys (never the raw key)",
  security: API_KEY_SECURITY,
  responses: lazyResponses(() => ({
    200: { description: "The keys", content: jsonContent(dataEnvelope(z.array(ApiKeySummary))) },
    ...errorResponses(...AUTHENTICATED_ERRORS),
  })),
});

const revoke = createRoute({
  method: "delete",
  path: "/v1/api-keys/{id}",
  operationId: "revokeApiKey",
  tags,
  summary:
    "Revoke a key, for good; revoking the calling key succeeds and the key fails from the next request",
  security: API_KEY_SECURITY,
  request: { params: IdParam },
  responses: lazyResponses(() => ({
    200: {
      description: "Revoked",
      content: jsonContent(dataEnvelope(z.object({ revoked: z.literal(true) }))),
    },
    ...errorResponses(404, ...AUTHENTICATED_ERRORS),
  })),
});

export function apiKeyRoutes(deps: Pick<Deps, "store" | "clock" | "ids">) {
  return createRouter<WorkspaceEnv>()
    .openapi(create, async (c) => {
      const { record, created } = issueApiKey(deps, c.var.workspaceId, c.req.valid("json").name);
      await deps.store.apiKeys.create(record);
      return c.json(ok(created), 201);
    })
    .openapi(list, async (c) => {
      const records = await deps.store.apiKeys.list(c.var.workspaceId);
      return c.json(ok(records.map((record) => ApiKeySummary.parse(record))), 200);
    })
    .openapi(revoke, async (c) => {
      const revoked = await deps.store.apiKeys.revoke(c.var.workspaceId, c.req.valid("param").id);
      if (!revoked) throw new NotFoundError("API key");
      return c.json(ok({ revoked: true as const }), 200);
    });
}
