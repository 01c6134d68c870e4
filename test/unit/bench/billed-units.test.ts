import { marshall } from "@aws-sdk/util-dynamodb";
import { describe, expect, it } from "vitest";
import {
  committedWrite,
  failedWrite,
  indexWrites,
  itemBytes,
  itemReadUnits,
  numberBytes,
  pageReadUnits,
  type TableShape,
  type WireItem,
  writeUnits,
} from "../../../bench/lib/billed-units";
import { weftTableShape } from "../../../bench/lib/billing-proxy";
import { itemSizeBytes } from "../../../core/adapters/dynamodb/table/item-size";

/** A native item as the document client sends it (core/adapters/dynamodb/table/dynamo-client.ts's options). */
const wire = (item: Record<string, unknown>) =>
  marshall(item, { removeUndefinedValues: true }) as unknown as WireItem;

/** Deterministic pseudo-random native values, to hold the two size functions together on many shapes. */
function* randomItems(count: number): Generator<Record<string, unknown>> {
  let seed = 7;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
  const numbers = [0, 1, -1, 7, 10, 100, 123_456, 1_000_000, 0.5, 0.001, -12.75, 2.71, 1e15, 2 ** 53 - 1];
  const strings = ["", "a", "héllo", "€uro", "日本語", "x".repeat(300)];
  const value = (depth: number): unknown => {
    const kind = Math.floor(next() * (depth > 2 ? 5 : 8));
    if (kind === 0) return pick(strings);
    if (kind === 1) return pick(numbers);
    if (kind === 2) return next() > 0.5;
    if (kind === 3) return null;
    if (kind === 4) return new Uint8Array(Math.floor(next() * 40));
    if (kind === 5) return Array.from({ length: Math.floor(next() * 4) }, () => value(depth + 1));
    if (kind === 6) {
      return Object.fromEntries(
        Array.from({ length: Math.floor(next() * 4) }, (_, i) => [`k${i}${pick(strings)}`, value(depth + 1)]),
      );
    }
    return next() > 0.5 ? new Set(["a", "bc", "déf"]) : new Set([1, 22, 333.5]);
  };
  for (let i = 0; i < count; i++) {
    yield Object.fromEntries(
      Array.from({ length: 1 + Math.floor(next() * 6) }, (_, j) => [`attr${j}`, value(0)]),
    );
  }
}

describe("itemBytes (AttributeValue form) against itemSizeBytes (native form)", () => {
  it("agrees on names, strings, numbers, booleans, nulls, binaries, lists, maps and sets", () => {
    const items: Record<string, unknown>[] = [
      { pk: "abc" },
      { é: "€" },
      { n: 1, m: 123_456, big: 1_000_000, frac: -0.0012 },
      { b: true, z: null },
      { l: ["ab", "c"], m: { k: "v", nested: { deeper: [1, 2, { x: "y" }] } } },
      { bin: new Uint8Array([1, 2, 3, 4, 5]) },
      { ss: new Set(["a", "bb"]), ns: new Set([1, 10, 100]) },
      { empty: {}, none: [] },
    ];
    for (const item of items) expect(itemBytes(wire(item))).toBe(itemSizeBytes(item));
  });

  it("agrees on 500 generated items", () => {
    for (const item of randomItems(500)) expect(itemBytes(wire(item))).toBe(itemSizeBytes(item));
  });

  it("counts a binary given as base64, as it travels on the wire", () => {
    expect(itemBytes({ b: { B: Buffer.from([1, 2, 3]).toString("base64") } })).toBe(1 + 3);
  });

  it("counts numbers by significant digits: 1 byte per 2, plus 1", () => {
    expect(numberBytes("1")).toBe(2);
    expect(numberBytes("123")).toBe(3);
    expect(numberBytes("100")).toBe(2);
    expect(numberBytes("-0.0012")).toBe(2);
    expect(numberBytes("0")).toBe(2);
  });
});

const keysOnly: TableShape = {
  partition: "pk",
  sort: "sk",
  indexes: [
    { name: "gsi1", partition: "gsi1pk", sort: "gsi1sk", projection: { type: "KEYS_ONLY" } },
    { name: "gsi2", partition: "gsi2pk", sort: "gsi2sk", projection: { type: "KEYS_ONLY" } },
  ],
};

/** An item of exactly `bytes`, padded in one string attribute. */
function itemOf(bytes: number, extra: Record<string, string> = {}): WireItem {
  const base: WireItem = { pk: { S: "P" }, sk: { S: "S" }, pad: { S: "" } };
  for (const [name, value] of Object.entries(extra)) base[name] = { S: value };
  return { ...base, pad: { S: "x".repeat(bytes - itemBytes(base)) } };
}

describe("write units", () => {
  it("bill 1 WRU per KB, rounded up, at least 1", () => {
    expect(writeUnits(0)).toBe(1);
    expect(writeUnits(1024)).toBe(1);
    expect(writeUnits(1025)).toBe(2);
  });

  it("bill a 2-item transaction of 1.3 and 1.9 KB items 8 WRU (2 per KB per item, prepare + commit)", () => {
    const units = [1331, 1946].map(
      (bytes) => committedWrite(undefined, itemOf(bytes), keysOnly, true).tableUnits,
    );
    expect(units).toEqual([4, 4]);
  });

  it("bill the larger of the item before and after", () => {
    expect(committedWrite(itemOf(3000), itemOf(500), keysOnly, false).tableUnits).toBe(3);
    expect(committedWrite(itemOf(500), itemOf(2100), keysOnly, false).tableUnits).toBe(3);
    expect(committedWrite(itemOf(2100), undefined, keysOnly, false).tableUnits).toBe(3);
    expect(committedWrite(undefined, undefined, keysOnly, false).tableUnits).toBe(1);
  });

  it("bill a failed conditional write by the larger of the existing and the attempted item, at least 1", () => {
    expect(failedWrite(undefined, itemOf(200)).tableUnits).toBe(1);
    expect(failedWrite(itemOf(2500), itemOf(200)).tableUnits).toBe(3);
    expect(failedWrite(itemOf(200), itemOf(3100)).tableUnits).toBe(4);
    expect(failedWrite(undefined, undefined).tableUnits).toBe(1);
    expect(failedWrite(itemOf(200), itemOf(3100)).indexWrites).toEqual([]);
  });
});

describe("index writes of a KEYS_ONLY index", () => {
  const keyed = (gsi1pk: string, extra: Record<string, string> = {}) =>
    itemOf(600, { gsi1pk, gsi1sk: "000001", ...extra });

  it("write nothing when no index key changes, whatever else does", () => {
    expect(indexWrites(keyed("A", { note: "x" }), keyed("A", { note: "a longer note" }), keysOnly)).toEqual(
      [],
    );
    expect(committedWrite(keyed("A"), keyed("A"), keysOnly, true)).toMatchObject({ indexUnits: 0 });
  });

  it("delete the old entry and put the new one when an index key changes: 1 WRU each", () => {
    expect(indexWrites(keyed("A"), keyed("B"), keysOnly)).toEqual([
      { index: "gsi1", action: "delete", units: 1 },
      { index: "gsi1", action: "put", units: 1 },
    ]);
  });

  it("put an entry when the item enters the sparse index, delete it when the item leaves", () => {
    expect(indexWrites(itemOf(600), keyed("A"), keysOnly)).toEqual([
      { index: "gsi1", action: "put", units: 1 },
    ]);
    expect(indexWrites(keyed("A"), itemOf(600), keysOnly)).toEqual([
      { index: "gsi1", action: "delete", units: 1 },
    ]);
    expect(indexWrites(keyed("A"), undefined, keysOnly)).toEqual([
      { index: "gsi1", action: "delete", units: 1 },
    ]);
  });

  it("need both key attributes for an entry", () => {
    expect(indexWrites(undefined, itemOf(600, { gsi1pk: "A" }), keysOnly)).toEqual([]);
  });

  it("are not doubled in a transaction, while the table write is", () => {
    expect(committedWrite(keyed("A"), keyed("B"), keysOnly, true)).toMatchObject({
      tableUnits: 2,
      indexUnits: 2,
    });
  });

  it("update an ALL-projected entry when a non-key attribute changes", () => {
    const all: TableShape = {
      ...keysOnly,
      indexes: [{ name: "gsi1", partition: "gsi1pk", sort: "gsi1sk", projection: { type: "ALL" } }],
    };
    expect(indexWrites(keyed("A", { note: "x" }), keyed("A", { note: "y" }), all)).toEqual([
      { index: "gsi1", action: "update", units: 1 },
    ]);
  });

  it("reads Weft's indexes from the table definition: five KEYS_ONLY, gsi6 including the live status", () => {
    const shape = weftTableShape();
    expect(shape).toMatchObject({ partition: "pk", sort: "sk" });
    expect(shape.indexes.map((index) => [index.name, index.partition, index.sort])).toEqual(
      [1, 2, 3, 4, 5, 6].map((i) => [`gsi${i}`, `gsi${i}pk`, `gsi${i}sk`]),
    );
    expect(shape.indexes.map((index) => index.projection)).toEqual([
      ...Array.from({ length: 5 }, () => ({ type: "KEYS_ONLY" })),
      { type: "INCLUDE", attributes: ["live"] },
    ]);
  });
});

describe("index writes of an INCLUDE index", () => {
  const including: TableShape = {
    ...keysOnly,
    indexes: [
      {
        name: "gsi1",
        partition: "gsi1pk",
        sort: "gsi1sk",
        projection: { type: "INCLUDE", attributes: ["live"] },
      },
    ],
  };
  const live = (status: string, extra: Record<string, string> = {}) =>
    itemOf(600, { gsi1pk: "LIVE", gsi1sk: "000001", live: status, ...extra });

  it("update the entry in place, 1 WRU, when only a projected attribute changes", () => {
    expect(indexWrites(live("RUNNING"), live("PAUSED"), including)).toEqual([
      { index: "gsi1", action: "update", units: 1 },
    ]);
    expect(committedWrite(live("RUNNING"), live("PAUSED"), including, false)).toMatchObject({
      tableUnits: 1,
      indexUnits: 1,
    });
  });

  it("write nothing when only an attribute it does not project changes", () => {
    expect(indexWrites(live("RUNNING", { note: "x" }), live("RUNNING", { note: "y" }), including)).toEqual(
      [],
    );
  });

  it("delete and put the entry when its key changes, and count projected attributes in its size", () => {
    expect(
      indexWrites(live("RUNNING"), itemOf(600, { gsi1pk: "OTHER", gsi1sk: "000001" }), including),
    ).toEqual([
      { index: "gsi1", action: "delete", units: 1 },
      { index: "gsi1", action: "put", units: 1 },
    ]);
    // A projected attribute of 1.5 KB makes the entry a 2 KB write; left out of a KEYS_ONLY entry, it costs none.
    const large = itemOf(2000, { gsi1pk: "LIVE", gsi1sk: "000001", live: "x".repeat(1500) });
    expect(indexWrites(undefined, large, including)).toEqual([{ index: "gsi1", action: "put", units: 2 }]);
    expect(indexWrites(undefined, large, keysOnly)).toEqual([{ index: "gsi1", action: "put", units: 1 }]);
  });
});

describe("read units", () => {
  it("bill GetItem per item rounded up to 4 KB, half when eventually consistent, double in a transaction", () => {
    expect(itemReadUnits(3500, "strong")).toBe(1);
    expect(itemReadUnits(3500, "eventual")).toBe(0.5);
    expect(itemReadUnits(8192, "strong")).toBe(2);
    expect(itemReadUnits(8193, "transactional")).toBe(6);
  });

  it("bill a read that finds nothing as a read of the smallest item", () => {
    expect(itemReadUnits(undefined, "strong")).toBe(1);
    expect(itemReadUnits(undefined, "eventual")).toBe(0.5);
    expect(itemReadUnits(undefined, "transactional")).toBe(2);
  });

  it("bill a Query page on the sum of its items, rounded once", () => {
    expect(pageReadUnits(Array(10).fill(500), "strong")).toBe(2);
    expect(pageReadUnits(Array(10).fill(500), "eventual")).toBe(1);
    expect(pageReadUnits([], "eventual")).toBe(0.5);
  });
});
