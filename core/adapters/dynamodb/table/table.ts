/**
 * The single table's shape, defined once: the local service creates it from this, the tests create one per
 * file from it, and infra/ declares the deployed table from it. Changing it here changes all three.
 *
 * The six GSIs are overloaded: each entity puts its own key shapes in them (docs/data-model.md has the map).
 * gsi1–gsi5 project KEYS_ONLY: lists read keys from the index, then fetch the page's items by primary key.
 * That keeps frequent item updates (a run changes on every step) from also writing every index: a KEYS_ONLY
 * entry is written only when its key changes.
 *
 * gsi6 holds the live top-level runs of a workspace in one partition and projects one small attribute, the
 * run's live status. A move between live statuses (RUNNING → PAUSED → RUNNING) then changes a projected
 * attribute, which DynamoDB bills as one index write, where moving a KEYS_ONLY entry between status
 * partitions is a delete and a put (two). It is a sixth index rather than gsi3 changed, because a deployed
 * table cannot change an index's projection in place.
 */
export const TABLE_KEYS = { partition: "pk", sort: "sk" } as const;

/** The non-key attribute gsi6 projects: a live run's status, which a status list filters its entries on. */
export const LIVE_STATUS_ATTRIBUTE = "live";

export type IndexProjection = { type: "KEYS_ONLY" } | { type: "INCLUDE"; attributes: readonly string[] };
const keysOnly = { type: "KEYS_ONLY" } as const;

export const TABLE_INDEXES = [
  { name: "gsi1", partition: "gsi1pk", sort: "gsi1sk", projection: keysOnly },
  { name: "gsi2", partition: "gsi2pk", sort: "gsi2sk", projection: keysOnly },
  { name: "gsi3", partition: "gsi3pk", sort: "gsi3sk", projection: keysOnly },
  { name: "gsi4", partition: "gsi4pk", sort: "gsi4sk", projection: keysOnly },
  { name: "gsi5", partition: "gsi5pk", sort: "gsi5sk", projection: keysOnly },
  {
    name: "gsi6",
    partition: "gsi6pk",
    sort: "gsi6sk",
    projection: { type: "INCLUDE", attributes: [LIVE_STATUS_ATTRIBUTE] },
  },
] as const satisfies readonly {
  name: string;
  partition: string;
  sort: string;
  projection: IndexProjection;
}[];
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
