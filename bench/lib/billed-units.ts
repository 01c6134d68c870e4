/**
 * DynamoDB's on-demand billing, as arithmetic on items in the wire's AttributeValue form: what
 * bench/lib/billing-proxy.ts charges for each request instead of trusting DynamoDB Local's ConsumedCapacity
 * (which, measured, reports a 2-item transaction of 1.3–1.9 KB items as 4 WRU where DynamoDB bills 8, and
 * charges index writes whose keys did not change). Pure: no I/O, tested in test/unit/bench/.
 *
 * The rules, from the DynamoDB Developer Guide:
 * - Item size (CapacityUnitCalculations / "Item sizes and formats"): attribute names plus values; strings
 *   and binaries by their bytes, numbers by significant digits (1 byte per 2, plus 1), null and booleans
 *   1 byte, lists and maps 3 bytes plus 1 per element (and a map's element names). The same rule as
 *   core/adapters/dynamodb/table/item-size.ts, which measures native JS items; the two are tested against each other.
 * - Writes (read-write-operations.html, "Capacity unit consumption for write operations"): 1 WRU per 1 KB
 *   of the item, rounded up; PutItem and UpdateItem bill the larger of the item before and after, DeleteItem
 *   the deleted item; a write of nothing (a missing item) still bills 1.
 * - Transactions (transaction-apis.html, "Capacity management for transactions"): two underlying writes or
 *   reads per item, one to prepare and one to commit, so ×2; a ConditionCheck is billed as a write.
 * - A failed conditional write (WorkingWithItems.html#WorkingWithItems.ConditionalUpdate): "If a
 *   ConditionExpression evaluates to false during a conditional write, DynamoDB still consumes write capacity
 *   from the table. The amount consumed is dependent on the size of the item (whether it's an existing item
 *   in the table or a new one you are attempting to create or update)": the larger of the two, at least 1.
 * - Global secondary indexes (GSI.html, "Provisioned throughput considerations"; "Storage considerations"):
 *   a table write that adds, changes the key of, or removes an index entry writes the index too: a key change
 *   is a delete of the old entry and a put of the new one; an entry's size is its projected attributes (for
 *   KEYS_ONLY, the table and index keys) plus 100 bytes of overhead; an update that changes no projected
 *   attribute writes nothing to the index. Index writes are not transactional (the index is updated after
 *   the transaction), so they are not doubled.
 * - Reads: 1 RRU per 4 KB for a strongly consistent read, half for an eventually consistent one, 2 per 4 KB
 *   in a transaction; GetItem and BatchGetItem round each item up; Query and Scan sum the sizes of the items
 *   they read in one request (page) and round once; a read that finds nothing still bills 1 unit (times the
 *   consistency factor). Queries of a GSI are eventually consistent and read index entries.
 */
export interface WireAttributeValue {
  S?: string;
  N?: string;
  /** Base64 on the wire; a Uint8Array when it came from the SDK. */
  B?: string | Uint8Array;
  SS?: string[];
  NS?: string[];
  BS?: (string | Uint8Array)[];
  M?: Record<string, WireAttributeValue>;
  L?: WireAttributeValue[];
  NULL?: boolean;
  BOOL?: boolean;
}

export type WireItem = Record<string, WireAttributeValue>;

export const WRITE_UNIT_BYTES = 1024;
export const READ_UNIT_BYTES = 4096;
export const INDEX_ENTRY_OVERHEAD_BYTES = 100;
/** Transactional reads and writes: prepare + commit. */
export const TRANSACTION_FACTOR = 2;
export const EVENTUALLY_CONSISTENT_FACTOR = 0.5;

export function itemBytes(item: WireItem): number {
  let bytes = 0;
  for (const [name, value] of Object.entries(item)) bytes += Buffer.byteLength(name) + valueBytes(value);
  return bytes;
}

export function valueBytes(value: WireAttributeValue): number {
  if (value.S !== undefined) return Buffer.byteLength(value.S);
  if (value.N !== undefined) return numberBytes(value.N);
  if (value.B !== undefined) return binaryBytes(value.B);
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  if (value.SS !== undefined) return value.SS.reduce((sum, s) => sum + Buffer.byteLength(s), 0);
  if (value.NS !== undefined) return value.NS.reduce((sum, n) => sum + numberBytes(n), 0);
  if (value.BS !== undefined) return value.BS.reduce((sum, b) => sum + binaryBytes(b), 0);
  if (value.L !== undefined) return 3 + value.L.reduce((sum, element) => sum + 1 + valueBytes(element), 0);
  if (value.M !== undefined) {
    let bytes = 3;
    for (const [name, element] of Object.entries(value.M)) {
      bytes += 1 + Buffer.byteLength(name) + valueBytes(element);
    }
    return bytes;
  }
  return 0;
}

/** One byte per two significant digits (leading and trailing zeros do not count), plus one. */
export function numberBytes(text: string): number {
  const digits = text
    .trim()
    .replace(/^[-+]/, "")
    .replace(/e.*$/i, "")
    .replace(".", "")
    .replace(/^0+|0+$/g, "");
  return Math.ceil(Math.max(digits.length, 1) / 2) + 1;
}

function binaryBytes(value: string | Uint8Array): number {
  return typeof value === "string" ? Buffer.from(value, "base64").byteLength : value.byteLength;
}

/** Write units of one item-write of `bytes`: 1 per KB, rounded up, at least 1. */
export function writeUnits(bytes: number): number {
  return Math.max(1, Math.ceil(bytes / WRITE_UNIT_BYTES));
}

/** Read units of `bytes` read in one unit of account (an item, or a Query page), strongly consistent. */
export function readUnits(bytes: number): number {
  return Math.max(1, Math.ceil(bytes / READ_UNIT_BYTES));
}

export type ReadMode = "strong" | "eventual" | "transactional";

export function readFactor(mode: ReadMode): number {
  if (mode === "eventual") return EVENTUALLY_CONSISTENT_FACTOR;
  return mode === "transactional" ? TRANSACTION_FACTOR : 1;
}

/** GetItem, or one key of a BatchGetItem or TransactGetItems: `bytes` undefined when nothing was found. */
export function itemReadUnits(bytes: number | undefined, mode: ReadMode): number {
  return readUnits(bytes ?? 0) * readFactor(mode);
}

/** One Query or Scan request: the sizes of every item (or index entry) it read, summed, then rounded. */
export function pageReadUnits(sizes: readonly number[], mode: Exclude<ReadMode, "transactional">): number {
  return readUnits(sizes.reduce((sum, size) => sum + size, 0)) * readFactor(mode);
}

// --- Indexes -----------------------------------------------------------------------------------------

export type Projection = { type: "KEYS_ONLY" } | { type: "ALL" } | { type: "INCLUDE"; attributes: string[] };

export interface IndexShape {
  name: string;
  partition: string;
  sort?: string;
  projection: Projection;
}

export interface TableShape {
  partition: string;
  sort?: string;
  indexes: readonly IndexShape[];
}

/** The entry an item has in an index: undefined when the item lacks a key attribute (a sparse index). */
export function indexEntry(
  item: WireItem | undefined,
  table: TableShape,
  index: IndexShape,
): WireItem | undefined {
  if (!item) return undefined;
  const keyNames = [index.partition, index.sort, table.partition, table.sort].filter(
    (name): name is string => name !== undefined,
  );
  if (item[index.partition] === undefined || (index.sort && item[index.sort] === undefined)) return undefined;
  if (index.projection.type === "ALL") return item;
  const names = new Set(keyNames);
  if (index.projection.type === "INCLUDE") for (const name of index.projection.attributes) names.add(name);
  const entry: WireItem = {};
  for (const name of names) {
    const value = item[name];
    if (value !== undefined) entry[name] = value;
  }
  return entry;
}

/** An index entry's billed size: its attributes plus DynamoDB's 100 bytes of per-entry overhead. */
export function indexEntryBytes(entry: WireItem): number {
  return itemBytes(entry) + INDEX_ENTRY_OVERHEAD_BYTES;
}

export interface IndexWrite {
  index: string;
  action: "put" | "delete" | "update";
  units: number;
}

/**
 * What a table write from `before` to `after` writes to each index: nothing when the entry is unchanged
 * (the common case with KEYS_ONLY, whose entry is only keys), a put when one appears, a delete when one
 * disappears, a delete and a put when its index key changes, and an update (the larger entry) when only
 * projected non-key attributes change.
 */
export function indexWrites(
  before: WireItem | undefined,
  after: WireItem | undefined,
  table: TableShape,
): IndexWrite[] {
  const writes: IndexWrite[] = [];
  for (const index of table.indexes) {
    const old = indexEntry(before, table, index);
    const next = indexEntry(after, table, index);
    if (!old && !next) continue;
    if (old && next && sameValues(old, next)) continue;
    if (old && next && sameKey(old, next, index)) {
      writes.push({
        index: index.name,
        action: "update",
        units: writeUnits(Math.max(indexEntryBytes(old), indexEntryBytes(next))),
      });
      continue;
    }
    if (old) writes.push({ index: index.name, action: "delete", units: writeUnits(indexEntryBytes(old)) });
    if (next) writes.push({ index: index.name, action: "put", units: writeUnits(indexEntryBytes(next)) });
  }
  return writes;
}

function sameKey(a: WireItem, b: WireItem, index: IndexShape): boolean {
  const same = (name: string | undefined) => !name || canonical(a[name]) === canonical(b[name]);
  return same(index.partition) && same(index.sort);
}

function sameValues(a: WireItem, b: WireItem): boolean {
  return canonical({ M: a }) === canonical({ M: b });
}

/** A string that is equal for equal values, whatever the order of map keys. */
export function canonical(value: WireAttributeValue | undefined): string {
  if (value === undefined) return "";
  if (value.M !== undefined) {
    const entries = Object.keys(value.M)
      .sort()
      .map((name) => `${JSON.stringify(name)}:${canonical(value.M?.[name])}`);
    return `{M:{${entries.join(",")}}}`;
  }
  if (value.L !== undefined) return `{L:[${value.L.map(canonical).join(",")}]}`;
  if (value.B !== undefined) return `{B:${binaryBase64(value.B)}}`;
  if (value.BS !== undefined) return `{BS:${JSON.stringify(value.BS.map(binaryBase64).sort())}}`;
  if (value.SS !== undefined) return `{SS:${JSON.stringify([...value.SS].sort())}}`;
  if (value.NS !== undefined) return `{NS:${JSON.stringify([...value.NS].sort())}}`;
  return JSON.stringify(value);
}

function binaryBase64(value: string | Uint8Array): string {
  return typeof value === "string" ? value : Buffer.from(value).toString("base64");
}

// --- One item's write ----------------------------------------------------------------------------------

export interface ItemWriteBill {
  /** Units of the table write (× 2 in a transaction). */
  tableUnits: number;
  indexWrites: IndexWrite[];
  indexUnits: number;
}

/**
 * A write that took effect: the table bills the larger of the item before and after (a delete: the item
 * before; nothing before and after, e.g. a delete of a missing item: 1), × 2 in a transaction; the indexes
 * bill their entries that changed.
 */
export function committedWrite(
  before: WireItem | undefined,
  after: WireItem | undefined,
  table: TableShape,
  transactional: boolean,
): ItemWriteBill {
  const bytes = Math.max(before ? itemBytes(before) : 0, after ? itemBytes(after) : 0);
  const writes = indexWrites(before, after, table);
  return {
    tableUnits: writeUnits(bytes) * (transactional ? TRANSACTION_FACTOR : 1),
    indexWrites: writes,
    indexUnits: writes.reduce((sum, write) => sum + write.units, 0),
  };
}

/**
 * A write that did not take effect because a condition failed: the larger of the existing item and the
 * item the write would have made, at least 1; nothing reaches an index.
 */
export function failedWrite(existing: WireItem | undefined, attempted: WireItem | undefined): ItemWriteBill {
  const bytes = Math.max(existing ? itemBytes(existing) : 0, attempted ? itemBytes(attempted) : 0);
  return { tableUnits: writeUnits(bytes), indexWrites: [], indexUnits: 0 };
}
