import type { ApprovalRequest } from "../../domain/approval";
import { NotFoundError, ValidationError } from "../../domain/errors";
import type { StoredEvent } from "../../domain/run-history";
import type { Store } from "../../ports/store";
import { exportHead, lineHash } from "./audit-hash";
import { type AuditEntry, auditTrail } from "./audit-trail";

/** Requests one export may hold; a wider range is refused with a 400 asking for a narrower one. */
export const MAX_EXPORTED_REQUESTS = 1000;

type AuditDeps = { store: Pick<Store, "approvals" | "runs"> };

/** One request's audit trail (docs/approvals.md, "Audit trail"). */
export async function readAudit(
  deps: AuditDeps,
  workspaceId: string,
  approvalId: string,
): Promise<AuditEntry[]> {
  const approval = await deps.store.approvals.get(workspaceId, approvalId);
  if (!approval) throw new NotFoundError("Approval request");
  return auditTrail(workspaceId, approval, await runEvents(deps, workspaceId, approval.workflowRunId));
}

/**
 * One line of an export. The lines are hash-chained as the entries are: each line's hash covers the line
 * (its request, its trail, its place), and the next line names it, from a head hashing the workspace and the
 * range; so a line moved, dropped, reordered or edited (a request's `decidedBy`, its content) no longer
 * verifies, and `lines` tells a cut export from a whole one (docs/approvals.md).
 */
export interface ExportLine {
  request: ApprovalRequest;
  audit: AuditEntry[];
  workspaceId: string;
  /** Its place, from 1, of `lines`. */
  line: number;
  lines: number;
  previousLineHash: string;
  lineHash: string;
}

/**
 * The requests created in [from, to), oldest first, each with its audit trail, one at a time as they are
 * read (for JSON Lines). Checked before the first is yielded: a range over the bound is a 400.
 */
export async function exportAudit(
  deps: AuditDeps,
  workspaceId: string,
  fromIso: string,
  toIso: string,
): Promise<AsyncIterable<ExportLine>> {
  const { items: inRange, total } = await deps.store.approvals.createdBetween(
    workspaceId,
    fromIso,
    toIso,
    MAX_EXPORTED_REQUESTS,
  );
  if (total > MAX_EXPORTED_REQUESTS) {
    throw new ValidationError(
      `${total} requests were created in that range; export at most ${MAX_EXPORTED_REQUESTS} at once`,
      { details: { issues: [{ path: "to", message: "narrow the range" }] } },
    );
  }
  const eventsByRun = new Map<string, StoredEvent[]>();
  return (async function* () {
    let previousLineHash = exportHead(workspaceId, fromIso, toIso);
    for (const [index, request] of inRange.entries()) {
      let events = eventsByRun.get(request.workflowRunId);
      if (!events) {
        events = await runEvents(deps, workspaceId, request.workflowRunId);
        // Revisions of one step share a run: its journal is read once for them.
        eventsByRun.clear();
        eventsByRun.set(request.workflowRunId, events);
      }
      const audit = auditTrail(workspaceId, request, events);
      const line = { request, audit, workspaceId, line: index + 1, lines: inRange.length, previousLineHash };
      previousLineHash = lineHash(line);
      yield { ...line, lineHash: previousLineHash };
    }
  })();
}

async function runEvents(deps: AuditDeps, workspaceId: string, runId: string): Promise<StoredEvent[]> {
  const run = await deps.store.runs.get(workspaceId, runId);
  return run ? deps.store.runs.events(run, 1, run.eventSeq) : [];
}
