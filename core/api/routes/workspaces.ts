import { createRoute } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import * as z from "zod";
import { NotFoundError } from "../../domain/errors";
import { CreateWorkspaceInput, Workspace } from "../../domain/workspace";
import type { Deps } from "../../ports/deps";
import { createWorkspace } from "../../workspaces/create-workspace";
import type { WorkspaceEnv } from "../env";
import { dataEnvelope, ok } from "../envelope";
import { requireAdminToken } from "../middleware/admin-token";
import {
  API_KEY_SECURITY,
  AUTHENTICATED_ERRORS,
  createRouter,
  errorResponses,
  jsonContent,
  lazyResponses,
} from "../router";

const tags = ["Workspaces"];

const createRouteFor = (adminToken: MiddlewareHandler) =>
  createRoute({
    method: "post",
    path: "/v1/workspaces",
    operationId: "createWorkspace",
    tags,
    summary: "Create an additional workspace, owned by the caller's account; it issues no API key",
    description: "Needs `x-admin-token` as well when the server has `ADMIN_TOKEN` configured.",
    security: API_KEY_SECURITY,
    middleware: [adminToken] as const,
    request: {
      headers: z.object({ "x-admin-token": z.string().optional() }),
      body: { content: jsonContent(CreateWorkspaceInput), required: true },
    },
    responses: lazyResponses(() => ({
      201: { description: "Created", content: jsonContent(dataEnvelope(Workspace)) },
      ...errorResponses(400, 409, ...AUTHENTICATED_ERRORS),
    })),
  });

const current = createRoute({
  method: "get",
  path: "/v1/workspaces/current",
  operationId: "getCurrentWorkspace",
  tags,
  summary: "The workspace of the calling key",
  security: API_KEY_SECURITY,
  responses: lazyResponses(() => ({
    200: { description: "The workspace", content: jsonContent(dataEnvelope(Workspace)) },
    ...errorResponses(...AUTHENTICATED_ERRORS),
  })),
});

export function workspaceRoutes(deps: Pick<Deps, "store" | "clock" | "ids" | "config">) {
  return createRouter<WorkspaceEnv>()
    .openapi(createRouteFor(requireAdminToken(deps.config.ADMIN_TOKEN, "allow")), async (c) => {
      const caller = await deps.store.workspaces.get(c.var.workspaceId);
      if (!caller) throw new NotFoundError("Workspace");
      const { name, slug } = c.req.valid("json");
      const workspace = await createWorkspace(deps, { name, slug, ownerAccountId: caller.ownerAccountId });
      return c.json(ok(Workspace.parse(workspace)), 201);
    })
    .openapi(current, async (c) => {
      const workspace = await deps.store.workspaces.get(c.var.workspaceId);
      if (!workspace) throw new NotFoundError("Workspace");
      return c.json(ok(Workspace.parse(workspace)), 200);
    });
}
