import { createRoute } from "@hono/zod-openapi";
import { stream } from "hono/streaming";
import * as z from "zod";
import { exportAudit, MAX_EXPORTED_REQUESTS, readAudit } from "../../approvals/audit/read-audit";
import { ApprovalRequest } from "../../domain/approval";
import { ValidationError } from "../../domain/errors";
import type { Deps } from "../../ports/deps";
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

const tags = ["Approval requests"];

/** What the audit routes answer: documented, never validated, so built with /openapi.json (lazyResponses). */
const answers = builtOnce(() => {
  const AuditEntry = z
    .object({
      seq: z.number().int().meta({ description: "The run event it comes from" }),
      at: z.string(),
      action: z.enum([
        "requested",
        "vote",
        "decided",
        "expired",
        "revision_requested",
        "reminder",
        "escalated",
      ]),
      actor: z.string().nullable(),
      details: z.record(z.string(), z.unknown()),
      previousHash: z.string().meta({
        description:
          "The entry before's hash; for the first, the chain's head: 64 zeros in version 1, from version 2 SHA-256 of canonical JSON [\"weft.audit.v2\", workspaceId, requestId, workflowRunId]",
      }),
      hash: z.string().meta({
        description:
          "SHA-256 (hex) of [previousHash, seq, at, action, actor, details]: as JSON.stringify writes it in version 1, as RFC 8785 canonical JSON from version 2",
      }),
      chainVersion: z.union([z.literal(1), z.literal(2)]).meta({
        description: "The rule the chain follows: its request's auditChain (docs/approvals.md)",
      }),
    })
    .meta({ id: "AuditEntry" });
  const ExportLine = z.object({
    request: ApprovalRequest,
    audit: z.array(AuditEntry),
    workspaceId: z.string(),
    line: z.number().int().meta({ description: "Its place in the export, from 1" }),
    lines: z.number().int().meta({ description: "How many lines the whole export has" }),
    previousLineHash: z.string().meta({
      description:
        'The line before\'s lineHash; for the first, SHA-256 of canonical JSON ["weft.audit-export.v1", workspaceId, from, to]',
    }),
    lineHash: z.string().meta({
      description: "SHA-256 (hex) of the line's RFC 8785 canonical JSON without lineHash",
    }),
  });

  return { AuditEntry, ExportLine };
});

const audit = createRoute({
  method: "get",
  path: "/v1/approval-requests/{id}/audit",
  operationId: "getApprovalAudit",
  tags,
  security: API_KEY_SECURITY,
  summary: "The request's audit trail: opened, votes, decision, expiry, revision, hash-chained",
  request: { params: IdParam },
  responses: lazyResponses(() => ({
    200: {
      description: "The entries, oldest first",
      content: jsonContent(dataEnvelope(z.array(answers().AuditEntry))),
    },
    ...errorResponses(404, ...AUTHENTICATED_ERRORS),
  })),
});

const ExportQuery = z.object({
  from: z.iso.datetime().meta({ description: "Requests created at or after this time" }),
  to: z.iso.datetime().meta({ description: "and before this one" }),
});

const exportRoute = createRoute({
  method: "get",
  path: "/v1/approval-requests/export",
  operationId: "exportApprovalAudit",
  tags,
  security: API_KEY_SECURITY,
  summary: `JSON Lines of the requests created in [from, to), oldest first, each with its audit trail (at most ${MAX_EXPORTED_REQUESTS})`,
  request: { query: ExportQuery },
  responses: lazyResponses(() => ({
    200: {
      description:
        "One request per line: {request, audit, workspaceId, line, lines, previousLineHash, lineHash}, hash-chained",
      content: { "application/x-ndjson": { schema: answers().ExportLine } },
    },
    ...errorResponses(400, ...AUTHENTICATED_ERRORS),
  })),
});

/** Mounted before the request routes: `export` is not a request id. */
export function approvalAuditRoutes(deps: Pick<Deps, "store">) {
  return createRouter<WorkspaceEnv>()
    .openapi(exportRoute, async (c) => {
      const { from, to } = c.req.valid("query");
      if (Date.parse(from) >= Date.parse(to)) {
        throw new ValidationError("from must be before to", {
          details: { issues: [{ path: "to", message: "after from" }] },
        });
      }
      const lines = await exportAudit(
        deps,
        c.var.workspaceId,
        new Date(from).toISOString(),
        new Date(to).toISOString(),
      );
      c.header("content-type", "application/x-ndjson");
      const answer = stream(c, async (out) => {
        for await (const line of lines) await out.writeln(JSON.stringify(line));
      });
      // zod-openapi types only JSON answers; this one is a stream of lines, declared above.
      return answer as never;
    })
    .openapi(audit, async (c) => {
      const entries = await readAudit(deps, c.var.workspaceId, c.req.valid("param").id);
      return c.json(ok(entries), 200);
    });
}
