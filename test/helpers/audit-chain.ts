import { createHash } from "node:crypto";

/**
 * A compliance tool's check of audit trails and exports, written from docs/approvals.md ("Verifying an
 * export offline") alone: nothing of the service's own hashing is imported.
 */

export interface Entry {
  seq: number;
  at: string;
  action: string;
  actor: string | null;
  details: Record<string, unknown>;
  previousHash: string;
  hash: string;
  chainVersion: number;
}

export interface Line {
  request: { id: string; workflowRunId: string; auditChain: number } & Record<string, unknown>;
  audit: Entry[];
  workspaceId: string;
  line: number;
  lines: number;
  previousLineHash: string;
  lineHash: string;
}

/** RFC 8785: keys sorted by UTF-16 code units (what Array.prototype.sort does), no whitespace. */
export function jcs(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(jcs).join(",")}]`;
  const object = value as Record<string, unknown>;
  return `{${Object.keys(object)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${jcs(object[key])}`)
    .join(",")}}`;
}

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The first entry's previousHash for a request of the given chain version. */
export function head(version: number, workspaceId: string, requestId: string, runId: string): string {
  return version === 1 ? "0".repeat(64) : sha256(jcs(["weft.audit.v2", workspaceId, requestId, runId]));
}

/** Whether a trail verifies from the given head, each entry by its own chain version's rule. */
export function trailVerifies(entries: Entry[], first: string): boolean {
  let previous = first;
  return entries.every((entry) => {
    const { seq, at, action, actor, details } = entry;
    const fields = [previous, seq, at, action, actor, details];
    const hash = sha256(entry.chainVersion === 1 ? JSON.stringify(fields) : jcs(fields));
    const holds = entry.previousHash === previous && entry.hash === hash;
    previous = entry.hash;
    return holds;
  });
}

/** Whether an export, as its lines, verifies for the workspace and range it was asked for. */
export function exportVerifies(lines: Line[], workspaceId: string, from: string, to: string): boolean {
  let previous = sha256(jcs(["weft.audit-export.v1", workspaceId, from, to]));
  return lines.every((line, i) => {
    const { lineHash, ...rest } = line;
    const { request } = line;
    const trailHead = head(request.auditChain, workspaceId, request.id, request.workflowRunId);
    const holds =
      line.workspaceId === workspaceId &&
      line.line === i + 1 &&
      line.lines === lines.length &&
      line.previousLineHash === previous &&
      lineHash === sha256(jcs(rest)) &&
      trailVerifies(line.audit, trailHead);
    previous = lineHash;
    return holds;
  });
}
