import * as z from "zod";
import { cronLibrary } from "../../domain/cron-library";
import { CreateTriggerInput, Trigger, UpdateTriggerInput } from "../../domain/trigger";
import type { Deps } from "../../ports/deps";
import {
  createTrigger,
  deleteTrigger,
  getTrigger,
  listTriggers,
  setTriggerStatus,
} from "../../triggers/manage-triggers";
import type { WorkspaceEnv } from "../env";
import { dataEnvelope, ok } from "../envelope";
import { loadBeforeValidation } from "../middleware/load-before-validation";
import { IdParam } from "../params";
import {
  AUTHENTICATED_ERRORS,
  createRouter,
  errorResponses,
  jsonContent,
  keyedRoutes,
  lazyResponses,
} from "../router";

const tags = ["Triggers"];

const route = keyedRoutes(tags);

const create = route({
  method: "post",
  path: "/v1/triggers",
  operationId: "createTrigger",
  summary: "Create a cron or event trigger (docs/triggers.md); past the workspace's quota, 429",
  middleware: [loadBeforeValidation(cronLibrary.load)],
  request: { body: { content: jsonContent(CreateTriggerInput), required: true } },
  responses: lazyResponses(() => ({
    201: { description: "Created (active)", content: jsonContent(dataEnvelope(Trigger)) },
    ...errorResponses(400, 404, ...AUTHENTICATED_ERRORS),
  })),
});

const list = route({
  method: "get",
  path: "/v1/triggers",
  operationId: "listTriggers",
  summary: "The workspace's triggers, oldest first, with each active cron trigger's next fire",
  responses: lazyResponses(() => ({
    200: { description: "The triggers", content: jsonContent(dataEnvelope(z.array(Trigger))) },
    ...errorResponses(...AUTHENTICATED_ERRORS),
  })),
});

const get = route({
  method: "get",
  path: "/v1/triggers/{id}",
  operationId: "getTrigger",
  summary: "One trigger",
  request: { params: IdParam },
  responses: lazyResponses(() => ({
    200: { description: "The trigger", content: jsonContent(dataEnvelope(Trigger)) },
    ...errorResponses(404, ...AUTHENTICATED_ERRORS),
  })),
});

const update = route({
  method: "patch",
  path: "/v1/triggers/{id}",
  operationId: "updateTrigger",
  summary: "Pause (`status: paused`) or resume (`status: active`) a trigger",
  request: { params: IdParam, body: { content: jsonContent(UpdateTriggerInput), required: true } },
  responses: lazyResponses(() => ({
    200: { description: "The trigger as it is now", content: jsonContent(dataEnvelope(Trigger)) },
    ...errorResponses(400, 404, ...AUTHENTICATED_ERRORS),
  })),
});

const remove = route({
  method: "delete",
  path: "/v1/triggers/{id}",
  operationId: "deleteTrigger",
  summary: "Delete a trigger (and its schedule); its runs stay",
  request: { params: IdParam },
  responses: lazyResponses(() => ({
    200: {
      description: "Deleted",
      content: jsonContent(dataEnvelope(z.object({ deleted: z.literal(true) }))),
    },
    ...errorResponses(404, ...AUTHENTICATED_ERRORS),
  })),
});

export function triggerRoutes(deps: Pick<Deps, "store" | "clock" | "ids" | "scheduler" | "config">) {
  return createRouter<WorkspaceEnv>()
    .openapi(create, async (c) =>
      c.json(ok(await createTrigger(deps, c.var.workspaceId, c.req.valid("json"))), 201),
    )
    .openapi(list, async (c) => c.json(ok(await listTriggers(deps, c.var.workspaceId)), 200))
    .openapi(get, async (c) =>
      c.json(ok(await getTrigger(deps, c.var.workspaceId, c.req.valid("param").id)), 200),
    )
    .openapi(update, async (c) => {
      const { status } = c.req.valid("json");
      return c.json(
        ok(await setTriggerStatus(deps, c.var.workspaceId, c.req.valid("param").id, status)),
        200,
      );
    })
    .openapi(remove, async (c) => {
      await deleteTrigger(deps, c.var.workspaceId, c.req.valid("param").id);
      return c.json(ok({ deleted: true as const }), 200);
    });
}
