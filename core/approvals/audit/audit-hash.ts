import { createHash } from "node:crypto";
import type { AuditChainVersion } from "../../domain/approval";
import { canonicalJsonText } from "../../domain/canonical-json";

/*
 * How an audit trail's entries are hashed, by the chain version its request carries (docs/approvals.md,
 * "Verifying an export offline"). Version 1, the first, starts every chain at 64 zeros and hashes
 * JSON.stringify's text: a chain bound to nothing, kept for the requests opened under it so the hashes their
 * owners kept still match. Version 2 starts from a hash of the workspace, request and run, and hashes
 * RFC 8785 canonical JSON, which a reader in any language recomputes whatever key order its parser keeps.
 */

const V1_GENESIS = "0".repeat(64);

export const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");

/** What `contentSha256` holds: the digest of a content as the version writes JSON. */
export function contentHash(version: AuditChainVersion, content: unknown): string {
  return sha256Hex(version === 1 ? JSON.stringify(content) : canonicalJsonText(content));
}

/** The `previousHash` of a request's first entry. */
export function chainHead(
  version: AuditChainVersion,
  request: { workspaceId: string; requestId: string; runId: string },
): string {
  if (version === 1) return V1_GENESIS;
  return sha256Hex(
    canonicalJsonText(["weft.audit.v2", request.workspaceId, request.requestId, request.runId]),
  );
}

/** The fields of an entry its hash covers, `previousHash` first. */
export type HashedFields = [
  previousHash: string,
  seq: number,
  at: string,
  action: string,
  actor: string | null,
  details: Record<string, unknown>,
];

/** The hash an entry must carry: anyone holding the entries (and, from version 2, their ids) recomputes it. */
export function entryHash(version: AuditChainVersion, fields: HashedFields): string {
  return sha256Hex(version === 1 ? JSON.stringify(fields) : canonicalJsonText(fields));
}

/** The `previousLineHash` of an export's first line: the export's workspace and range, as the service read them. */
export function exportHead(workspaceId: string, fromIso: string, toIso: string): string {
  return sha256Hex(canonicalJsonText(["weft.audit-export.v1", workspaceId, fromIso, toIso]));
}

/** An export line's `lineHash`: of the whole line but that field, `previousLineHash` included. */
export function lineHash(line: Record<string, unknown>): string {
  return sha256Hex(canonicalJsonText({ ...line, lineHash: undefined }));
}
