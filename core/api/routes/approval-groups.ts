import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { ApprovalGroup, ApprovalGroupName, PutApprovalGroupInput } from "../../domain/approval-group";
import { NotFoundError } from "../../domain/errors";
import { isoAt } from "../../domain/time";
import type { Deps } from "../../ports/deps";
import type { WorkspaceEnv } from "../env";
import { dataEnvelope, ok } from "../envelope";
import {
  API_KEY_SECURITY,
  AUTHENTICATED_ERRORS,
  createRouter,
  errorResponses,
  jsonContent,
  lazyResponses,
} from "../router";

const tags = ["Approval groups"];
const NameParam = z.object({ name: ApprovalGroupName });

const put = createRoute({
  method: "put",
  path: "/v1/approval-groups/{name}",
  operationId: "putApprovalGroup",
  tags,
  security: API_KEY_SECURITY,
  summary: "Create an approval group or replace its members; steps assign it as group:<name>",
  request: { params: NameParam, body: { content: jsonContent(PutApprovalGroupInput), required: true } },
  responses: lazyResponses(() => ({
    200: { description: "The group", content: jsonContent(dataEnvelope(ApprovalGroup)) },
    ...errorResponses(400, 404, ...AUTHENTICATED_ERRORS),
  })),
});

const list = createRoute({
  method: "get",
  path: "/v1/approval-groups",
  operationId: "listApprovalGroups",
  tags,
  security: API_KEY_SECURITY,
  summary: "The workspace's approval groups, by name",
  responses: lazyResponses(() => ({
    200: { description: "The groups", content: jsonContent(dataEnvelope(z.array(ApprovalGroup))) },
    ...errorResponses(...AUTHENTICATED_ERRORS),
  })),
});

const get = createRoute({
  method: "get",
  path: "/v1/approval-groups/{name}",
  operationId: "getApprovalGroup",
  tags,
  security: API_KEY_SECURITY,
  summary: "One approval group",
  request: { params: NameParam },
  responses: lazyResponses(() => ({
    200: { description: "The group", content: jsonContent(dataEnvelope(ApprovalGroup)) },
    ...errorResponses(400, 404, ...AUTHENTICATED_ERRORS),
  })),
});

const remove = createRoute({
  method: "delete",
  path: "/v1/approval-groups/{name}",
  operationId: "deleteApprovalGroup",
  tags,
  security: API_KEY_SECURITY,
  summary: "Delete an approval group; steps naming it then match nobody through it",
  request: { params: NameParam },
  responses: lazyResponses(() => ({
    200: {
      description: "Deleted",
      content: jsonContent(dataEnvelope(z.object({ deleted: z.literal(true) }))),
    },
    ...errorResponses(400, 404, ...AUTHENTICATED_ERRORS),
  })),
});

export function approvalGroupRoutes(deps: Pick<Deps, "store" | "clock">) {
  const groups = deps.store.approvalGroups;
  return createRouter<WorkspaceEnv>()
    .openapi(put, async (c) => {
      const now = isoAt(deps.clock.nowMs());
      const { members } = c.req.valid("json");
      const group = { name: c.req.valid("param").name, members, createdAt: now, updatedAt: now };
      return c.json(ok(await groups.put(c.var.workspaceId, group)), 200);
    })
    .openapi(list, async (c) => c.json(ok(await groups.list(c.var.workspaceId)), 200))
    .openapi(get, async (c) => {
      const group = await groups.get(c.var.workspaceId, c.req.valid("param").name);
      if (!group) throw new NotFoundError("Approval group");
      return c.json(ok(group), 200);
    })
    .openapi(remove, async (c) => {
      const { name } = c.req.valid("param");
      if (!(await groups.delete(c.var.workspaceId, name))) throw new NotFoundError("Approval group");
      return c.json(ok({ name, deleted: true as const }), 200);
    });
}
