import { createRoute, z } from "@hono/zod-openapi";
import { decideApproval } from "../../approvals/decide-approval";
import { draftDiff } from "../../approvals/draft-diff";
import { ApprovalRequest, DecideApprovalInput } from "../../domain/approval";
import { NotFoundError } from "../../domain/errors";
import type { CommitDeps } from "../../engine/commit-run";
import type { Deps } from "../../ports/deps";
import type { WorkspaceEnv } from "../env";
import { dataEnvelope, ok } from "../envelope";
import { IdParam } from "../params";
import { API_KEY_SECURITY, AUTHENTICATED_ERRORS, createRouter, errorResponses, jsonContent } from "../router";

const tags = ["Approval requests"];

const DecidedApproval = ApprovalRequest.pick({
  id: true,
  workflowRunId: true,
  stepRunId: true,
  stepName: true,
  decision: true,
  decidedBy: true,
  decidedAt: true,
  createdAt: true,
});

const list = createRoute({
  method: "get",
  path: "/v1/approval-requests",
  tags,
  security: API_KEY_SECURITY,
  summary: "Approval requests, newest first: pending=true undecided, pending=false decided, omitted all",
  request: { query: z.object({ pending: z.enum(["true", "false"]).optional() }) },
  responses: {
    200: { description: "The requests", content: jsonContent(dataEnvelope(z.array(ApprovalRequest))) },
    ...errorResponses(400, ...AUTHENTICATED_ERRORS),
  },
});

const ApprovalWithDiff = ApprovalRequest.extend({
  diff: z.string().nullable().meta({
    description:
      "For a revision: what changed since the draft rejected in previousRequestId, as a unified diff",
  }),
});

const get = createRoute({
  method: "get",
  path: "/v1/approval-requests/{id}",
  tags,
  security: API_KEY_SECURITY,
  summary: "One approval request, with the diff from the draft it revises",
  request: { params: IdParam },
  responses: {
    200: { description: "The request", content: jsonContent(dataEnvelope(ApprovalWithDiff)) },
    ...errorResponses(404, ...AUTHENTICATED_ERRORS),
  },
});

const decide = createRoute({
  method: "post",
  path: "/v1/approval-requests/{id}/decide",
  tags,
  security: API_KEY_SECURITY,
  summary: "Approve, reject, or edit then approve; the run continues at once",
  request: {
    params: IdParam,
    body: { content: jsonContent(DecideApprovalInput), required: true },
  },
  responses: {
    200: { description: "Decided", content: jsonContent(dataEnvelope(DecidedApproval)) },
    ...errorResponses(400, 404, 409, ...AUTHENTICATED_ERRORS),
  },
});

export function approvalRequestRoutes(deps: CommitDeps & Pick<Deps, "ids">) {
  return createRouter<WorkspaceEnv>()
    .openapi(list, async (c) => {
      const { pending } = c.req.valid("query");
      const approvals = await deps.store.approvals.list(
        c.var.workspaceId,
        pending === undefined ? undefined : pending === "true",
      );
      return c.json(ok(approvals), 200);
    })
    .openapi(get, async (c) => {
      const { workspaceId } = c.var;
      const approval = await deps.store.approvals.get(workspaceId, c.req.valid("param").id);
      if (!approval) throw new NotFoundError("Approval request");
      const previous =
        approval.previousRequestId === null
          ? undefined
          : await deps.store.approvals.get(workspaceId, approval.previousRequestId);
      return c.json(ok({ ...approval, diff: previous ? draftDiff(previous, approval) : null }), 200);
    })
    .openapi(decide, async (c) => {
      const decided = await decideApproval(
        deps,
        c.var.workspaceId,
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return c.json(ok(DecidedApproval.parse(decided)), 200);
    });
}
