import type { ApprovalRequest, AuditChainVersion } from "../../domain/approval";
import { actorName, Identity } from "../../domain/identity";
import type { StoredEvent } from "../../domain/run-history";
import { chainHead, contentHash, entryHash } from "./audit-hash";

/** One thing that happened to an approval request, chained to the one before it by `previousHash`. */
export interface AuditEntry {
  seq: number;
  at: string;
  action: "requested" | "vote" | "decided" | "expired" | "revision_requested" | "reminder" | "escalated";
  /**
   * Who acted, as the service verified it: a person's address, or `api-key:<id>`; null for the service (a
   * request opened, a deadline passed). Entries recorded before identities were have the decidedBy said.
   */
  actor: string | null;
  details: Record<string, unknown>;
  previousHash: string;
  /** SHA-256 (hex) of `previousHash` and this entry's other fields, as JSON: see docs/approvals.md. */
  hash: string;
  /** The rule the chain follows (audit-hash.ts): its request's, reported on every entry, hashed by none. */
  chainVersion: AuditChainVersion;
}

/**
 * The request's audit trail, from its run's journal (which nothing rewrites): opened, each vote, the
 * decision, the expiry, a send-back for revision; hash-chained in journal order, so an export altered after
 * it was taken no longer verifies. Contents appear as SHA-256 digests; the request itself holds them.
 */
export function auditTrail(
  workspaceId: string,
  approval: ApprovalRequest,
  events: readonly StoredEvent[],
): AuditEntry[] {
  const version = approval.auditChain;
  const entries = events
    .filter((event) => event.payload.approvalRequestId === approval.id)
    .flatMap((event) => entryOf(version, approval, event) ?? []);
  // The spec's timeout (onTimeout fail) records no event of its own: the request's expiry is the entry.
  if (approval.expiredAt !== null && !entries.some((entry) => entry.action === "expired")) {
    const last = events.at(-1)?.seq ?? 0;
    entries.push({
      seq: last,
      at: approval.expiredAt,
      action: "expired",
      actor: null,
      details: { onTimeout: "fail" },
    });
  }
  let previousHash = chainHead(version, {
    workspaceId,
    requestId: approval.id,
    runId: approval.workflowRunId,
  });
  return entries.map((entry) => {
    const { seq, at, action, actor, details } = entry;
    const hash = entryHash(version, [previousHash, seq, at, action, actor, details]);
    const chained = { ...entry, previousHash, hash, chainVersion: version };
    previousHash = hash;
    return chained;
  });
}

type Draft = Omit<AuditEntry, "previousHash" | "hash" | "chainVersion">;

function entryOf(
  version: AuditChainVersion,
  approval: ApprovalRequest,
  event: StoredEvent,
): Draft | undefined {
  const base = { seq: event.seq, at: event.createdAt };
  const p = event.payload;
  switch (event.eventType) {
    case "APPROVAL_REQUESTED":
      return {
        ...base,
        action: "requested",
        actor: null,
        details: {
          stepName: p.stepName,
          revision: approval.revision,
          assignees: approval.assignees,
          contentSha256: contentHash(version, approval.content),
        },
      };
    case "APPROVAL_VOTE_RECORDED": {
      const vote = approval.votes.find((cast) => cast.decidedBy === p.decidedBy);
      const tally = { approvals: p.approvals, rejections: p.rejections };
      const details = { decision: p.decision, comment: vote?.comment ?? null, ...tally, ...verifiedOf(p) };
      return { ...base, action: "vote", actor: actorOf(p), details };
    }
    case "APPROVAL_DECIDED": {
      const details = { decision: p.decision, comment: approval.comment, ...verifiedOf(p) };
      return {
        ...base,
        action: "decided",
        actor: actorOf(p),
        // From version 2 the decision names the content the run went on with (the edit, when edited).
        details: version === 1 ? details : { ...details, contentSha256: p.contentSha256 ?? null },
      };
    }
    case "APPROVAL_EXPIRED":
      return { ...base, action: "expired", actor: null, details: { onTimeout: p.onTimeout } };
    case "APPROVAL_REVISION_REQUESTED":
      return {
        ...base,
        action: "revision_requested",
        actor: null,
        details: { gotoStep: p.gotoStep, revision: p.revision, comment: p.comment },
      };
    case "APPROVAL_REMINDER_SENT":
      return { ...base, action: "reminder", actor: null, details: { reminder: p.reminder } };
    case "APPROVAL_ESCALATED":
      return { ...base, action: "escalated", actor: null, details: { assignees: p.assignees } };
    default:
      return undefined;
  }
}

/** The verified identity of a decision or vote, else (recorded before identities were) the decidedBy said. */
function actorOf(payload: Record<string, unknown>): string | null {
  const parsed = Identity.safeParse(payload.identity);
  if (parsed.success) return actorName(parsed.data);
  return typeof payload.decidedBy === "string" ? payload.decidedBy : null;
}

/**
 * What the service verified of a decision or vote: the identity and the path (`via`: session, api-key or
 * link; each use of a link is in the trail), and what an API key's request said it acted for (`decidedBy`).
 */
function verifiedOf(payload: Record<string, unknown>): Record<string, unknown> {
  const via = typeof payload.via === "string" ? { via: payload.via } : {};
  if (payload.identity === undefined) return via;
  const said =
    payload.via === "api-key" && payload.decidedBy !== null ? { decidedBy: payload.decidedBy } : {};
  return { ...via, identity: payload.identity, ...said };
}
