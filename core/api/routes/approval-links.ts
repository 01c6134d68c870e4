import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { DEFAULT_LINK_TTL_MS, issueLinks } from "../../approvals/links/issue-links";
import type { LinkKeys } from "../../approvals/links/link-keys";
import { publicOrigin } from "../../config";
import { issuerOf } from "../../domain/identity";
import type { Deps } from "../../ports/deps";
import { callerCredential } from "../caller";
import type { WorkspaceEnv } from "../env";
import { dataEnvelope, ok } from "../envelope";
import { IdParam } from "../params";
import {
  API_KEY_SECURITY,
  AUTHENTICATED_ERRORS,
  builtOnce,
  createRouter,
  errorResponses,
  jsonContent,
  lazyResponses,
} from "../router";

const MAX_LINK_TTL_MS = 30 * 24 * 3600_000;

const IssueLinksBody = z
  .object({
    assignee: z.email().max(254).optional().meta({
      description:
        "Whose links; without it, one set for every assignee of the request (groups by their members)",
    }),
    expiresInMs: z
      .number()
      .int()
      .min(60_000)
      .max(MAX_LINK_TTL_MS)
      .optional()
      .meta({ description: `How long the links work; default ${DEFAULT_LINK_TTL_MS} (7 days)` }),
  })
  .meta({ id: "IssueLinksBody" });

/** What the links route answers: documented, never validated, so built with /openapi.json (lazyResponses). */
const answers = builtOnce(() => {
  const PersonLinks = z
    .object({
      assignee: z.string(),
      expiresAt: z.string(),
      approve: z.string().meta({ description: "Opens a page with an Approve button" }),
      reject: z.string().meta({ description: "Opens a page to reject with a comment" }),
      review: z.string().meta({ description: "Opens a page to review, edit, approve or reject" }),
    })
    .meta({ id: "PersonLinks" });

  return { PersonLinks };
});

const issue = createRoute({
  method: "post",
  path: "/v1/approval-requests/{id}/links",
  operationId: "issueApprovalLinks",
  tags: ["Approval requests"],
  security: API_KEY_SECURITY,
  summary: "Fresh signed links for assignees to decide a pending request without signing in",
  description:
    "Each link opens a page at `/a/<token>`; the page's form decides, a plain GET never does. A link is " +
    "bound to the request, the assignee and an expiry, and is used up by the decision or vote it makes.",
  request: { params: IdParam, body: { content: jsonContent(IssueLinksBody), required: false } },
  responses: lazyResponses(() => ({
    201: {
      description: "The links, one set per person",
      content: jsonContent(dataEnvelope(z.array(answers().PersonLinks))),
    },
    ...errorResponses(400, 403, 404, 409, ...AUTHENTICATED_ERRORS),
  })),
});

export function approvalLinkRoutes(deps: Pick<Deps, "store" | "clock" | "config">, keys: LinkKeys) {
  return createRouter<WorkspaceEnv>().openapi(issue, async (c) => {
    const links = await issueLinks(
      deps,
      keys,
      c.var.workspaceId,
      c.req.valid("param").id,
      c.req.valid("json") ?? {},
      publicOrigin(deps.config),
      issuerOf(await callerCredential(deps, c)),
    );
    return c.json(ok(links), 201);
  });
}
