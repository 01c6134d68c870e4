/**
 * The single table's shape, defined once: the local service creates it from this, the tests create one per
 * file from it, and infra/ declares the deployed table from it. Changing it here changes all three.
 *
 * The five GSIs are overloaded: each entity puts its own key shapes in them (docs/data-model.md has the map).
 * Every GSI projects KEYS_ONLY: lists read keys from the index, then fetch the page's items by primary key.
 * That keeps frequent item updates (a run changes on every step) from also writing every index.
 */
export const TABLE_KEYS = { partition: "pk", sort: "sk" } as const;

export const TABLE_INDEXES = [
  { name: "gsi1", partition: "gsi1pk", sort: "gsi1sk" },
  { name: "gsi2", partition: "gsi2pk", sort: "gsi2sk" },
  { name: "gsi3", partition: "gsi3pk", sort: "gsi3sk" },
  { name: "gsi4", partition: "gsi4pk", sort: "gsi4sk" },
  { name: "gsi5", partition: "gsi5pk", sort: "gsi5sk" },
] as const;
export type IndexName = (typeof TABLE_INDEXES)[number]["name"];

export const TTL_ATTRIBUTE = "ttlEpochSec";

export interface TableDefinition {
  keys: typeof TABLE_KEYS;
  indexes: typeof TABLE_INDEXES;
  ttlAttribute: typeof TTL_ATTRIBUTE;
}

export const tableDefinition: TableDefinition = {
  keys: TABLE_KEYS,
  indexes: TABLE_INDEXES,
  ttlAttribute: TTL_ATTRIBUTE,
};
