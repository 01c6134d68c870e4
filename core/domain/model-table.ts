/**
 * A value per model name (a price, a context window): an exact name first, then the longest table name
 * that the model extends by a "-", so gpt-4o-2024-08-06 is found as gpt-4o but gpt-4o-mini as itself.
 */
export function lookupModel<T>(model: string, table: Readonly<Record<string, T>>): T | undefined {
  const exact = table[model];
  if (exact !== undefined) return exact;
  let best: string | undefined;
  for (const name of Object.keys(table)) {
    if (model.startsWith(`${name}-`) && (best === undefined || name.length > best.length)) best = name;
  }
  return best === undefined ? undefined : table[best];
}
