import type { ApprovalRequest } from "../domain/approval";
import { NotFoundError, ValidationError } from "../domain/errors";
import type { StoredEvent } from "../domain/run-change";
import type { Store } from "../ports/store";
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
  return auditTrail(approval, await runEvents(deps, workspaceId, approval.workflowRunId));
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
): Promise<AsyncIterable<{ request: ApprovalRequest; audit: AuditEntry[] }>> {
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
    for (const request of inRange) {
      let events = eventsByRun.get(request.workflowRunId);
      if (!events) {
        events = await runEvents(deps, workspaceId, request.workflowRunId);
        // Revisions of one step share a run: its journal is read once for them.
        eventsByRun.clear();
        eventsByRun.set(request.workflowRunId, events);
      }
      yield { request, audit: auditTrail(request, events) };
    }
  })();
}

async function runEvents(deps: AuditDeps, workspaceId: string, runId: string): Promise<StoredEvent[]> {
  const run = await deps.store.runs.get(workspaceId, runId);
  return run ? deps.store.runs.events(run, 1, run.eventSeq) : [];
}
