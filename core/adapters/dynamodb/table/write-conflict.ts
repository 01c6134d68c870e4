import { DeleteCommand, PutCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { ConflictError } from "../../../domain/errors";
import { BoundCode, BoundExceeded } from "../../../domain/limits";
import { cancellationCodes, isConditionFailure } from "./conditions";
import type { Table } from "./dynamo-client";
import { DYNAMODB_BOUNDS, refuseOversizedPuts, refuseOversizedTransaction } from "./item-size";
import type { TransactItem } from "./transact";

/**
 * A conditional write lost: a condition failed or a concurrent transaction touched the same items. `codes`
 * holds each action's cancellation code in request order, so the caller can tell which condition lost.
 */
export class WriteConflict extends ConflictError {
  readonly codes: string[];

  constructor(codes: string[], options: { cause?: unknown } = {}) {
    super("The resource was changed by a concurrent request; retry", options);
    this.codes = codes;
  }

  /** True when the action at `index` is the one that lost (its condition, or a concurrent writer). */
  lostAt(index: number): boolean {
    const code = this.codes[index];
    return code === "ConditionalCheckFailed" || code === "TransactionConflict";
  }
}

/**
 * TransactWriteItems, with a lost condition or race surfaced as WriteConflict, and an item or a transaction over
 * DynamoDB's bounds refused before sending as BoundExceeded (ITEM_TOO_LARGE, TOO_MANY_ITEMS), which no retry
 * can cure.
 */
export async function transactWrite(table: Table, items: TransactItem[]): Promise<void> {
  refuseOversizedTransaction(items);
  try {
    await table.client.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (isItemSizeRefusal(error)) throw oversized(error);
    const codes = cancellationCodes(error);
    if (codes) throw new WriteConflict(codes, { cause: error });
    if (isConditionFailure(error)) throw new WriteConflict(["ConditionalCheckFailed"], { cause: error });
    throw error;
  }
}

/**
 * Writes `items` all or none: one Put alone is a plain conditional PutItem, billed half what the same write
 * costs in a transaction; more go as one transaction. Losses and oversized items surface as in transactWrite.
 */
export async function writeAtomically(table: Table, items: TransactItem[]): Promise<void> {
  const [only] = items;
  if (items.length !== 1 || !only?.Put) return transactWrite(table, items);
  refuseOversizedPuts(items);
  try {
    await table.client.send(new PutCommand(only.Put));
  } catch (error) {
    if (isItemSizeRefusal(error)) throw oversized(error);
    if (isConditionFailure(error)) throw new WriteConflict(["ConditionalCheckFailed"], { cause: error });
    throw error;
  }
}

/** Writes one Put whose condition may fail without that meaning anything: @returns false when it did. */
export async function putUnlessRefused(table: Table, item: TransactItem): Promise<boolean> {
  if (!item.Put) throw new Error("putUnlessRefused takes a Put");
  refuseOversizedPuts([item]);
  try {
    await table.client.send(new PutCommand(item.Put));
    return true;
  } catch (error) {
    if (isItemSizeRefusal(error)) throw oversized(error);
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Deletes one item if its condition holds; if it does not, the item is left as it is. */
export async function deleteUnlessRefused(table: Table, item: TransactItem): Promise<void> {
  if (!item.Delete) throw new Error("deleteUnlessRefused takes a Delete");
  try {
    await table.client.send(new DeleteCommand(item.Delete));
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

// DynamoDB's words for an item over 400 KB, for items whose size grew by an update this store cannot see.
const ITEM_SIZE_REFUSAL = /item size (has exceeded|to update has exceeded)/i;

function isItemSizeRefusal(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const reasons = (error as { CancellationReasons?: { Message?: string }[] }).CancellationReasons ?? [];
  return [error.message, ...reasons.map((reason) => reason.Message ?? "")].some((message) =>
    ITEM_SIZE_REFUSAL.test(message),
  );
}

function oversized(cause: unknown): BoundExceeded {
  const error = new BoundExceeded(
    BoundCode.ITEM_TOO_LARGE,
    `The change would store an item over DynamoDB's ${DYNAMODB_BOUNDS.itemBytes} bytes`,
  );
  error.cause = cause;
  return error;
}
