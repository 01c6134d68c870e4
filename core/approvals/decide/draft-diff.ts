import type { ApprovalRequest } from "../../domain/approval";
import { unifiedDiff } from "../../domain/text-diff";

/**
 * What changed from the previous draft to this one: a unified diff of the two contents as indented JSON, so a
 * reviewer sees the lines a revision touched. Null when the draft is the first, or when the two are too
 * different for a diff to help.
 */
export function draftDiff(previous: ApprovalRequest, current: ApprovalRequest): string | null {
  return unifiedDiff(
    { before: `revision ${previous.revision}`, after: `revision ${current.revision}` },
    JSON.stringify(previous.content, null, 2),
    JSON.stringify(current.content, null, 2),
  );
}
