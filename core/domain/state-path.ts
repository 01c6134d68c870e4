/**
 * Reads a dot path ("order.total", "items.0.sku") from a JSON value. Missing segments give undefined,
 * never an error: a condition on a field that is not there is simply false.
 */
export function readPath(root: unknown, path: string): unknown {
  let value = root;
  for (const segment of path.split(".")) {
    if (segment === "") continue;
    // Own properties only: "constructor" or "__proto__" must name nothing, not the prototype's members.
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, segment)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}
