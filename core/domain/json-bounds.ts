import { LIMITS } from "./limits";

/**
 * True when the value nests objects/arrays deeper than `limit`. Iterative, so it cannot overflow the stack
 * itself; run it before anything that recurses (JSON.stringify gives up near 5,000 levels on Node 20, zod
 * and structuredClone sooner), so a deep document is refused instead of crashing whatever walks it.
 */
export function exceedsJsonDepth(value: unknown, limit: number = LIMITS.jsonDepth): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (next.value === null || typeof next.value !== "object") continue;
    if (next.depth >= limit) return true;
    for (const child of Object.values(next.value)) stack.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}

/** UTF-8 bytes of the value as JSON; only for values whose depth is already known to be bounded. */
export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? "");
}

/**
 * The same question asked of JSON text, in one pass over its characters and without parsing it: brackets
 * inside strings do not count. For malformed text the answer only concerns the brackets it has.
 */
export function jsonTextExceedsDepth(text: string, limit: number = LIMITS.jsonDepth): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === BACKSLASH) i++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) inString = true;
    else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      depth++;
      if (depth > limit) return true;
    } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) depth--;
  }
  return false;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** A JSON object: not null, not an array. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
