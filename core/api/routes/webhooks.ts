import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { NotFoundError } from "../../domain/errors";
import { CreatedWebhook, CreateWebhookInput, Webhook, WebhookDelivery } from "../../domain/webhook";
import type { Deps } from "../../ports/deps";
import { createWebhook } from "../../webhooks/create-webhook";
import { listWebhookDeliveries } from "../../webhooks/list-deliveries";
import type { WorkspaceEnv } from "../env";
import { dataEnvelope, ok, pageEnvelope } from "../envelope";
import { PageQuery, pageMeta } from "../pagination";
import { IdParam } from "../params";
import {
  API_KEY_SECURITY,
  AUTHENTICATED_ERRORS,
  createRouter,
  errorResponses,
  jsonContent,
  lazyResponses,
} from "../router";

const tags = ["Webhooks"];

const create = createRoute({
  method: "post",
  path: "/v1/webhooks",
  operationId: "createWebhook",
  tags,
  summary: "Register a webhook; its signing secret is shown only in this response",
  security: API_KEY_SECURITY,
  request: { body: { content: jsonContent(CreateWebhookInput), required: true } },
  responses: lazyResponses(() => ({
    201: { description: "Created", content: jsonContent(dataEnvelope(CreatedWebhook)) },
    ...errorResponses(400, ...AUTHENTICATED_ERRORS),
  })),
});

const list = createRoute({
  method: "get",
  path: "/v1/webhooks",
  operationId: "listWebhooks",
  tags,
  summary: "The workspace's webhooks (never the secret)",
  security: API_KEY_SECURITY,
  responses: lazyResponses(() => ({
    200: { description: "The webhooks", content: jsonContent(dataEnvelope(z.array(Webhook))) },
    ...errorResponses(...AUTHENTICATED_ERRORS),
  })),
});

const remove = createRoute({
  method: "delete",
  path: "/v1/webhooks/{id}",
  operationId: "deleteWebhook",
  tags,
  summary: "Delete a webhook; no further delivery attempt is made to it, even one already scheduled",
  security: API_KEY_SECURITY,
  request: { params: IdParam },
  responses: lazyResponses(() => ({
    200: {
      description: "Deleted",
      content: jsonContent(dataEnvelope(z.object({ id: z.string(), deleted: z.literal(true) }))),
    },
    ...errorResponses(404, ...AUTHENTICATED_ERRORS),
  })),
});

const deliveries = createRoute({
  method: "get",
  path: "/v1/webhooks/{id}/deliveries",
  operationId: "listWebhookDeliveries",
  tags,
  summary: "The webhook's delivery log, newest first: each event's attempts and how they ended",
  security: API_KEY_SECURITY,
  request: { params: IdParam, query: PageQuery },
  responses: lazyResponses(() => ({
    200: { description: "A page of deliveries", content: jsonContent(pageEnvelope(WebhookDelivery)) },
    ...errorResponses(400, 404, ...AUTHENTICATED_ERRORS),
  })),
});

export function webhookRoutes(deps: Pick<Deps, "store" | "clock" | "ids" | "keyVault" | "config">) {
  return createRouter<WorkspaceEnv>()
    .openapi(create, async (c) => {
      const created = await createWebhook(deps, c.var.workspaceId, c.req.valid("json"));
      return c.json(ok(created), 201);
    })
    .openapi(list, async (c) => {
      const records = await deps.store.webhooks.list(c.var.workspaceId);
      return c.json(ok(records.map((record) => Webhook.parse(record))), 200);
    })
    .openapi(remove, async (c) => {
      const { id } = c.req.valid("param");
      if (!(await deps.store.webhooks.delete(c.var.workspaceId, id))) throw new NotFoundError("Webhook");
      return c.json(ok({ id, deleted: true as const }), 200);
    })
    .openapi(deliveries, async (c) => {
      const { page, pageSize } = c.req.valid("query");
      const result = await listWebhookDeliveries(
        deps,
        c.var.workspaceId,
        c.req.valid("param").id,
        page,
        pageSize,
      );
      return c.json(
        { success: true as const, data: result.items, meta: pageMeta(page, pageSize, result.total) },
        200,
      );
    });
}
