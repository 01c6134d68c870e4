import { type Context, Hono } from "hono";
import { decideApproval } from "../../approvals/decide/decide-approval";
import {
  checkLink,
  formProof,
  type LinkAction,
  type LinkClaims,
  unverifiedClaims,
} from "../../approvals/links/approval-links";
import type { LinkKeys } from "../../approvals/links/link-keys";
import { type ApprovalDecision, DecideApprovalInput } from "../../domain/approval";
import { AppError } from "../../domain/errors";
import type { CommitDeps } from "../../engine/commit-run";
import type { Deps } from "../../ports/deps";
import type { Store } from "../../ports/store";
import { constantTimeEqual } from "../../security/constant-time";
import { statusOf } from "../error-status";
import { batchedWindowCounter } from "../middleware/batched-window-counter";
import { bodySize } from "../middleware/body-size";
import { rateLimit } from "../middleware/rate-limit";
import { refusalPage, resultPage, reviewPage } from "./render";

/** What each link may decide: an approve link cannot reject, a reject link cannot approve. */
const ALLOWED: Record<LinkAction, readonly ApprovalDecision[]> = {
  approve: ["approved"],
  reject: ["rejected"],
  review: ["approved", "edited", "rejected"],
};

/**
 * Link tokens are bearer credentials in the URL: the page must never leak them (no referrer), be cached
 * or indexed, or load anything from elsewhere; its form may post only back here.
 */
const PAGE_HEADERS = {
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
  "x-robots-tag": "noindex",
  "x-frame-options": "DENY",
  "content-security-policy":
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
};

/**
 * `/a/<token>`: the page a signed approval link opens (docs/approvals.md, "Links"). GET shows the request
 * and decides nothing, since mail scanners and link previewers open links; the page's form POSTs back with
 * the form proof, and the decision is made as the link's assignee, through the same path as the API's.
 */
export function linkPageRoutes(
  deps: CommitDeps &
    Pick<Deps, "ids" | "keyVault" | "config" | "log"> & {
      store: Pick<Store, "approvalGroups" | "rateLimits">;
    },
  keys: LinkKeys,
  clientAddress: (c: Context) => string | undefined,
) {
  // Per client address, so one address guessing or replaying tokens cannot crowd out the others; counted
  // in memory and written behind, as the workspace limit is, so a flood costs no store call per request.
  const addressLimit = rateLimit(deps, {
    limitPerMinute: deps.config.LINK_PAGE_RATE_LIMIT_PER_MINUTE,
    scope: (c) => `link:${clientAddress(c) ?? "unknown"}`,
    counter: batchedWindowCounter(deps),
    refused: (c) => c.html(refusalPage("Too many requests", "Wait a minute, then open the link again."), 429),
  });

  async function open(
    token: string,
  ): Promise<{ claims: LinkClaims; key: Buffer } | { refusal: [number, string, string] }> {
    const workspaceId = unverifiedClaims(token)?.workspaceId;
    const key = workspaceId === undefined ? undefined : await keys.forChecking(workspaceId);
    const checked = key ? checkLink(key, token, deps.clock.nowMs()) : { kind: "tampered" as const };
    if (checked.kind === "expired") {
      return { refusal: [410, "This link has expired", "Ask for a new link, or decide in the dashboard."] };
    }
    if (checked.kind !== "valid" || !key) {
      return { refusal: [404, "This link is not valid", "It may have been copied incompletely or altered."] };
    }
    return { claims: checked.claims, key };
  }

  /** Runs `then` with the link's checked claims and key, or answers the page that says why it cannot. */
  async function withLink(
    c: Context,
    token: string,
    then: (link: { claims: LinkClaims; key: Buffer }, token: string) => Promise<Response>,
  ): Promise<Response> {
    const opened = await open(token);
    if (!("refusal" in opened)) {
      // For the access log, which names this route without its token (core/api/middleware/request-context.ts).
      const logged = c as Context<{ Variables: { workspaceId: string; approvalId: string } }>;
      logged.set("workspaceId", opened.claims.workspaceId);
      logged.set("approvalId", opened.claims.approvalId);
      return then(opened, token);
    }
    const [status, title, reason] = opened.refusal;
    return c.html(refusalPage(title, reason), status as 404);
  }

  return new Hono()
    .use("/a/*", bodySize())
    .use("/a/*", async (c, next) => {
      await next();
      for (const [name, value] of Object.entries(PAGE_HEADERS)) c.res.headers.set(name, value);
    })
    .use("/a/*", addressLimit)
    .get("/a/:token", (c) =>
      withLink(c, c.req.param("token"), async ({ claims, key }, token) => {
        const approval = await deps.store.approvals.get(claims.workspaceId, claims.approvalId);
        if (!approval) return c.html(refusalPage("This request is gone", "It no longer exists."), 404);
        if (approval.decision !== null || approval.expiredAt !== null) {
          const state = approval.decision ?? "expired";
          return c.html(
            refusalPage("Already decided", `This request was ${state}; nothing is left to do.`),
            409,
          );
        }
        if (approval.votes.some((vote) => vote.decidedBy === claims.assignee)) {
          return c.html(
            refusalPage("Already used", "You have voted on this request; a vote is cast once."),
            409,
          );
        }
        const run = await deps.store.runs.get(claims.workspaceId, approval.workflowRunId);
        const definition = run && (await deps.store.definitions.get(claims.workspaceId, run.definitionId));
        return c.html(
          reviewPage({
            approval,
            assignee: claims.assignee,
            action: claims.action,
            proof: formProof(key, token),
            runInput: run?.input ?? null,
            workflowName: definition?.name,
          }),
        );
      }),
    )
    .post("/a/:token", (c) =>
      withLink(c, c.req.param("token"), async ({ claims, key }, token) => {
        // The page's form is urlencoded: anything else (a multipart body, malformed or not) was not sent by it.
        const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
        if (type !== "application/x-www-form-urlencoded") {
          return c.html(refusalPage("Nothing was decided", "Send the link's page form."), 415);
        }
        const form = await c.req.parseBody().catch(() => undefined);
        if (!form) return c.html(refusalPage("Nothing was decided", "The form could not be read."), 400);
        const field = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : undefined);
        if (!constantTimeEqual(field("proof") ?? "", formProof(key, token))) {
          return c.html(refusalPage("Open the link first", "Decisions are made from the link's page."), 403);
        }
        const asked = decisionOf(claims.action, field("decision"), field("comment"), field("edited"));
        if (typeof asked === "string") return c.html(refusalPage("Nothing was decided", asked), 400);
        const input = DecideApprovalInput.safeParse(asked);
        if (!input.success) {
          const reason = input.error.issues
            .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
            .join("; ");
          return c.html(refusalPage("Nothing was decided", reason), 400);
        }
        try {
          const decided = await decideApproval(
            deps,
            deps.store.approvalGroups,
            claims.workspaceId,
            claims.approvalId,
            input.data,
            { kind: "link", email: claims.assignee, issuedBy: claims.issuedBy },
          );
          return c.html(resultPage(decided.decision ?? input.data.decision, decided.decision === null));
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          return c.html(refusalPage("Nothing was decided", error.message), statusOf(error) as 409);
        }
      }),
    );
}

/** The decision the form asks for, or why it cannot be made with this link. */
function decisionOf(
  action: LinkAction,
  decision: string | undefined,
  comment: string | undefined,
  edited: string | undefined,
): { decision: ApprovalDecision; comment?: string; editedContent?: unknown } | string {
  const chosen = ALLOWED[action].find((allowed) => allowed === decision);
  if (!chosen) return `This link cannot ${decision ?? "decide"} the request.`;
  const words = comment?.trim() ? { comment: comment.trim() } : {};
  // A rejection says why, from either link that can reject (docs/approvals.md).
  if (chosen === "rejected" && !words.comment) return "Say why in the comment.";
  if (chosen !== "edited") return { decision: chosen, ...words };
  try {
    return { decision: chosen, editedContent: JSON.parse(edited ?? ""), ...words };
  } catch {
    return "The edited content is not valid JSON.";
  }
}
