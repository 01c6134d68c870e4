import { createTwoFilesPatch } from "diff";

/**
 * How far a diff may go: edits beyond this many lines make it "too different to show", which bounds the work
 * (Myers' algorithm is quadratic in the edit length) whatever two texts a run produced.
 */
const MAX_EDIT_LINES = 2000;

/** A unified diff (3 lines of context) from `before` to `after`; null when they are too different to show. */
export function unifiedDiff(
  names: { before: string; after: string },
  before: string,
  after: string,
): string | null {
  const end = (text: string) => (text.endsWith("\n") ? text : `${text}\n`);
  const patch = createTwoFilesPatch(
    names.before,
    names.after,
    end(before),
    end(after),
    undefined,
    undefined,
    {
      context: 3,
      maxEditLength: MAX_EDIT_LINES,
    },
  );
  return patch ?? null;
}

/** JSON as a diff compares it: indented, keys sorted at every level, so key order is not a change. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value), null, 2);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return Object.fromEntries(entries.map(([key, item]) => [key, sortKeys(item)]));
  }
  return value;
}
