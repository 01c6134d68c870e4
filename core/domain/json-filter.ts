import type { EventFilter } from "./trigger";

/**
 * Whether a JSON value passes a filter: an event's payload a trigger's (docs/triggers.md), a tool's result an
 * agent's `stopWhen.toolResult` (docs/agents.md). Every path must resolve, through
 * objects only, to a value equal to the filter's (strict JSON equality of scalars), or to one of its `in`
 * values. A path that does not resolve, or resolves to an object or array, does not match.
 */
export function matchesFilter(filter: EventFilter | undefined, payload: Record<string, unknown>): boolean {
  if (!filter) return true;
  return Object.entries(filter).every(([path, expected]) => {
    const actual = valueAt(payload, path);
    if (actual === undefined) return false;
    if (expected !== null && typeof expected === "object")
      return expected.in.some((value) => value === actual);
    return expected === actual;
  });
}

function valueAt(payload: Record<string, unknown>, path: string): unknown {
  let value: unknown = payload;
  for (const key of path.split(".")) {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
    if (!Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
