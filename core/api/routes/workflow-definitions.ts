import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { createDefinition } from "../../definitions/create-definition";
import { NotFoundError } from "../../domain/errors";
import { loadLlmStepChecks } from "../../domain/llm-step";
import { CreateWorkflowDefinitionInput } from "../../domain/workflow-definition";
import { WorkflowDefinition } from "../../domain/workflow-definition-record";
import type { Deps } from "../../ports/deps";
import type { WorkspaceEnv } from "../env";
import { dataEnvelope, ok } from "../envelope";
import { loadBeforeValidation } from "../middleware/load-before-validation";
import { IdParam } from "../params";
import {
  API_KEY_SECURITY,
  AUTHENTICATED_ERRORS,
  createRouter,
  errorResponses,
  jsonContent,
  lazyResponses,
} from "../router";

const tags = ["Workflow definitions"];

const create = createRoute({
  method: "post",
  path: "/v1/workflow-definitions",
  operationId: "createWorkflowDefinition",
  tags,
  summary: "Create an immutable workflow definition; a change is a new definition with a new version",
  security: API_KEY_SECURITY,
  middleware: [loadBeforeValidation(loadLlmStepChecks)],
  request: { body: { content: jsonContent(CreateWorkflowDefinitionInput), required: true } },
  responses: lazyResponses(() => ({
    201: { description: "Created", content: jsonContent(dataEnvelope(WorkflowDefinition)) },
    ...errorResponses(400, ...AUTHENTICATED_ERRORS),
  })),
});

const list = createRoute({
  method: "get",
  path: "/v1/workflow-definitions",
  operationId: "listWorkflowDefinitions",
  tags,
  summary: "All of the workspace's definitions, oldest first",
  security: API_KEY_SECURITY,
  responses: lazyResponses(() => ({
    200: { description: "The definitions", content: jsonContent(dataEnvelope(z.array(WorkflowDefinition))) },
    ...errorResponses(...AUTHENTICATED_ERRORS),
  })),
});

const get = createRoute({
  method: "get",
  path: "/v1/workflow-definitions/{id}",
  operationId: "getWorkflowDefinition",
  tags,
  summary: "One definition",
  security: API_KEY_SECURITY,
  request: { params: IdParam },
  responses: lazyResponses(() => ({
    200: { description: "The definition", content: jsonContent(dataEnvelope(WorkflowDefinition)) },
    ...errorResponses(404, ...AUTHENTICATED_ERRORS),
  })),
});

export function workflowDefinitionRoutes(deps: Pick<Deps, "store" | "clock" | "ids">) {
  return createRouter<WorkspaceEnv>()
    .openapi(create, async (c) => {
      const definition = await createDefinition(deps, c.var.workspaceId, c.req.valid("json"));
      return c.json(ok(definition), 201);
    })
    .openapi(list, async (c) => c.json(ok(await deps.store.definitions.list(c.var.workspaceId)), 200))
    .openapi(get, async (c) => {
      const definition = await deps.store.definitions.get(c.var.workspaceId, c.req.valid("param").id);
      if (!definition) throw new NotFoundError("Workflow definition");
      return c.json(ok(definition), 200);
    });
}
