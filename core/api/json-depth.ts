/**
 * Bodies nested deeper than this are refused at the edge. Nothing legitimate comes close, and a deeply
 * nested document would otherwise overflow the stack of whatever recurses over it later (JSON.stringify
 * gives up near 5,000 levels on Node 20), turning a bad request into a 500.
 */
export const MAX_JSON_DEPTH = 64;

/** True when the value nests objects/arrays deeper than `limit`; iterative, so it cannot overflow itself. */
export function exceedsJsonDepth(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (next.value === null || typeof next.value !== "object") continue;
    if (next.depth >= limit) return true;
    for (const child of Object.values(next.value)) stack.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}
