/**
 * A value per model name (a price, a context window): an exact name first, then the longest table name
 * that the model extends by a "-", so gpt-4o-2024-08-06 is found as gpt-4o but gpt-4o-mini as itself.
 */
export function lookupModel<T>(model: string, table: Readonly<Record<string, T>>): T | undefined {
  const name = tableName(model, table);
  return name === undefined ? undefined : table[name];
}

/** The table's name lookupModel finds a model under: the model itself, or the longest name it extends. */
export function tableName(model: string, table: Readonly<Record<string, unknown>>): string | undefined {
  if (Object.hasOwn(table, model)) return model;
  let best: string | undefined;
  for (const name of Object.keys(table)) {
    if (model.startsWith(`${name}-`) && (best === undefined || name.length > best.length)) best = name;
  }
  return best;
}
