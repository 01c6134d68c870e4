import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { decideApproval } from "../../approvals/decide/decide-approval";
import { assignedTo } from "../../approvals/deciders/assignment";
import { ApprovalRequest, DecideApprovalInput } from "../../domain/approval";
import { NotFoundError } from "../../domain/errors";
import { loadOnce } from "../../domain/load-once";
import type { CommitDeps } from "../../engine/commit-run";
import type { Deps } from "../../ports/deps";
import type { Store } from "../../ports/store";
import { callerIdentity } from "../caller";
import type { WorkspaceEnv } from "../env";
import { dataEnvelope, ok, pageEnvelope } from "../envelope";
import { pageMeta } from "../pagination";
import { IdParam } from "../params";
import {
  API_KEY_SECURITY,
  AUTHENTICATED_ERRORS,
  createRouter,
  errorResponses,
  jsonContent,
  lazyResponses,
} from "../router";

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
}).meta({ id: "DecidedApproval" });

const ListApprovalsQuery = z.object({
  pending: z.enum(["true", "false"]).optional(),
  assignee: z.email().max(254).optional(),
  workflowRunId: z.string().min(1).max(100).optional(),
  definitionId: z.string().min(1).max(100).optional(),
  // Optional, unlike other lists' (PageQuery): without them the answer stays the spec's plain array.
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});

const list = createRoute({
  method: "get",
  path: "/v1/approval-requests",
  operationId: "listApprovalRequests",
  tags,
  security: API_KEY_SECURITY,
  summary: "Approval requests, newest first: pending=true undecided, pending=false decided, omitted all",
  description:
    "Filters: `assignee` (an e-mail address: requests naming it, directly or through a group it is in), " +
    "`workflowRunId`, `definitionId`. With `page` or `pageSize` the answer is a page with `meta`; " +
    "without, the plain array of the spec.",
  request: { query: ListApprovalsQuery },
  responses: lazyResponses(() => ({
    200: {
      description: "The requests: an array, or a page when page or pageSize is given",
      content: jsonContent(z.union([dataEnvelope(z.array(ApprovalRequest)), pageEnvelope(ApprovalRequest)])),
    },
    ...errorResponses(400, ...AUTHENTICATED_ERRORS),
  })),
});

const ApprovalWithDiff = ApprovalRequest.extend({
  diff: z.string().nullable().meta({
    description:
      "For a revision: what changed since the draft rejected in previousRequestId, as a unified diff",
  }),
}).meta({ id: "ApprovalWithDiff" });

const get = createRoute({
  method: "get",
  path: "/v1/approval-requests/{id}",
  operationId: "getApprovalRequest",
  tags,
  security: API_KEY_SECURITY,
  summary: "One approval request, with the diff from the draft it revises",
  request: { params: IdParam },
  responses: lazyResponses(() => ({
    200: { description: "The request", content: jsonContent(dataEnvelope(ApprovalWithDiff)) },
    ...errorResponses(404, ...AUTHENTICATED_ERRORS),
  })),
});

const decide = createRoute({
  method: "post",
  path: "/v1/approval-requests/{id}/decide",
  operationId: "decideApprovalRequest",
  tags,
  security: API_KEY_SECURITY,
  summary: "Approve, reject, or edit then approve; the run continues at once",
  request: {
    params: IdParam,
    body: { content: jsonContent(DecideApprovalInput), required: true },
  },
  responses: lazyResponses(() => ({
    200: { description: "Decided", content: jsonContent(dataEnvelope(DecidedApproval)) },
    ...errorResponses(400, 403, 404, 409, ...AUTHENTICATED_ERRORS),
  })),
});

/** The draft diff with its diff library, imported on the first revised request shown. */
const loadDraftDiff = loadOnce(() => import("../../approvals/decide/draft-diff"));

export function approvalRequestRoutes(
  deps: CommitDeps & Pick<Deps, "ids"> & { store: Pick<Store, "approvalGroups" | "accounts" | "apiKeys"> },
) {
  return createRouter<WorkspaceEnv>()
    .openapi(list, async (c) => {
      const query = c.req.valid("query");
      const { workspaceId } = c.var;
      const paged = query.page !== undefined || query.pageSize !== undefined;
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 20;
      const filtered =
        query.workflowRunId !== undefined || query.definitionId !== undefined || query.assignee !== undefined;
      // A page of all or of the decided requests, unfiltered, reads that page (docs/lists.md, "Approvals,
      // a page at a time"); the pending list, the filters and the spec's array read the whole list.
      if (paged && !filtered && query.pending !== "true") {
        const pending = query.pending === "false" ? false : undefined;
        const { items, total } = await deps.store.approvals.page(workspaceId, pending, page, pageSize);
        return c.json({ ...ok(items), meta: pageMeta(page, pageSize, total) }, 200);
      }
      let approvals = await deps.store.approvals.list(
        workspaceId,
        query.pending === undefined ? undefined : query.pending === "true",
      );
      if (query.workflowRunId !== undefined) {
        approvals = approvals.filter((approval) => approval.workflowRunId === query.workflowRunId);
      }
      if (query.definitionId !== undefined) {
        approvals = approvals.filter((approval) => approval.definitionId === query.definitionId);
      }
      if (query.assignee !== undefined) {
        approvals = assignedTo(approvals, query.assignee, await deps.store.approvalGroups.list(workspaceId));
      }
      if (!paged) return c.json(ok(approvals), 200);
      const items = approvals.slice((page - 1) * pageSize, page * pageSize);
      return c.json({ ...ok(items), meta: pageMeta(page, pageSize, approvals.length) }, 200);
    })
    .openapi(get, async (c) => {
      const { workspaceId } = c.var;
      const approval = await deps.store.approvals.get(workspaceId, c.req.valid("param").id);
      if (!approval) throw new NotFoundError("Approval request");
      const previous =
        approval.previousRequestId === null
          ? undefined
          : await deps.store.approvals.get(workspaceId, approval.previousRequestId);
      const diff = previous ? (await loadDraftDiff()).draftDiff(previous, approval) : null;
      return c.json(ok({ ...approval, diff }), 200);
    })
    .openapi(decide, async (c) => {
      const decided = await decideApproval(
        deps,
        deps.store.approvalGroups,
        c.var.workspaceId,
        c.req.valid("param").id,
        c.req.valid("json"),
        await callerIdentity(deps, c),
      );
      return c.json(ok(DecidedApproval.parse(decided)), 200);
    });
}
