import type { ItemWriteBill, TableShape, WireItem } from "./billed-units";
import type { DynamoWire } from "./dynamo-wire";
import type { Tally } from "./tally";

/** What billing a request needs: the table's shape, and DynamoDB Local to read items from, unbilled. */
export interface BillingContext {
  wire: DynamoWire;
  table: TableShape;
  /** An item's primary key, from the item or its key. */
  key: (item: WireItem) => WireItem;
  /** The kind of an item, for the per-kind counters. */
  kind: (item: WireItem) => string;
}

/** Adds one request's units to the tally under its bucket. */
export class Bill {
  billed = false;

  constructor(
    private readonly tally: Tally,
    readonly bucket: string,
    private readonly operation: string,
  ) {}

  write(kind: string, bill: ItemWriteBill): void {
    this.billed = true;
    const { tally, bucket, operation } = this;
    const units = bill.tableUnits + bill.indexUnits;
    tally.add(`${bucket}.wru`, units);
    tally.add(`${bucket}.wru:${operation}`, units);
    tally.add(`${bucket}.wru@${kind}`, bill.tableUnits);
    for (const write of bill.indexWrites) {
      tally.add(`${bucket}.wru@index:${write.index}`, write.units);
      tally.add(`${bucket}.idx.${write.action}`);
    }
  }

  failed(kind: string, bill: ItemWriteBill): void {
    if (!this.billed) this.tally.add(`${this.bucket}.fail:${this.operation}`);
    this.write(kind, bill);
    this.tally.add(`${this.bucket}.failwru`, bill.tableUnits);
  }

  read(kind: string, units: number): void {
    this.billed = true;
    const { tally, bucket, operation } = this;
    tally.add(`${bucket}.rru`, units);
    tally.add(`${bucket}.rru:${operation}`, units);
    tally.add(`${bucket}.rru@${kind}`, units);
  }

  /** The items a Query or Scan returned, after filtering: fewer than it read (and billed) when filtered. */
  returned(count: number): void {
    this.tally.add(`${this.bucket}.items:${this.operation}`, count);
  }

  /** The bill could not be computed: counted and told, and the request itself still went through. */
  unbillable(error: unknown): void {
    this.tally.add("proxy.billing-errors");
    console.error(`billing proxy: could not bill ${this.operation}: ${String(error)}`);
  }
}
