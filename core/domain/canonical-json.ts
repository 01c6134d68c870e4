/**
 * JSON in the JSON Canonicalization Scheme (RFC 8785): no whitespace, object keys sorted by their UTF-16 code
 * units at every level, strings and numbers as ECMAScript's JSON.stringify writes them. What is hashed for a
 * reader to recompute offline must not hang on key order, which a JSON parser may change (JavaScript puts
 * integer-like keys first); RFC 8785 has implementations in most languages. Built as a string, not through
 * an object, for that reason.
 */
export function canonicalJsonText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJsonText).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const fields = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, field]) => `${JSON.stringify(key)}:${canonicalJsonText(field)}`);
    return `{${fields.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
