import { createTwoFilesPatch } from "diff";
import type { ApprovalRequest } from "../domain/approval";

/**
 * How far a diff may go: edits beyond this many lines make it "too different to show", which bounds the work
 * (Myers' algorithm is quadratic in the edit length) whatever two drafts a run produced.
 */
const MAX_EDIT_LINES = 2000;

/**
 * What changed from the previous draft to this one: a unified diff of the two contents as indented JSON, so a
 * reviewer sees the lines a revision touched. Null when the draft is the first, or when the two are too
 * different for a diff to help.
 */
export function draftDiff(previous: ApprovalRequest, current: ApprovalRequest): string | null {
  const patch = createTwoFilesPatch(
    `revision ${previous.revision}`,
    `revision ${current.revision}`,
    `${JSON.stringify(previous.content, null, 2)}\n`,
    `${JSON.stringify(current.content, null, 2)}\n`,
    undefined,
    undefined,
    { context: 3, maxEditLength: MAX_EDIT_LINES },
  );
  return patch ?? null;
}
