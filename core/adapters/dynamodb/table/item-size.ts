import { BoundCode, BoundExceeded } from "../../../domain/limits";
import type { TransactItem } from "./transact";

/**
 * DynamoDB's own bounds (docs/limits.md): an item's bytes, and one transaction's actions and the bytes it
 * writes. A change past one fails as any bound does, with BoundExceeded (ITEM_TOO_LARGE, TOO_MANY_ITEMS).
 */
export const DYNAMODB_BOUNDS = {
  itemBytes: 400 * 1024,
  transactionActions: 100,
  transactionBytes: 4 * 1024 * 1024,
} as const;

/**
 * An item's size as DynamoDB counts it against its 400 KB bound and bills it: attribute names and string
 * values in UTF-8 bytes, numbers by their significant digits, 3 bytes of overhead per list or map plus 1
 * per element. The store checks every item it puts before sending it, so an oversized item is refused here
 * (and the run that produced it fails with a reason) instead of travelling as a request DynamoDB refuses.
 */
export function itemSizeBytes(item: Record<string, unknown>): number {
  let bytes = 0;
  for (const [name, value] of Object.entries(item)) {
    if (value === undefined) continue;
    bytes += Buffer.byteLength(name) + valueSize(value);
  }
  return bytes;
}

/**
 * Refuses a transaction, before anything is sent, when one of its puts is over DynamoDB's bound: no retry can
 * store it. Shared with the in-memory store, so both refuse the same changes with the same error.
 */
export function refuseOversizedPuts(actions: readonly TransactItem[]): void {
  for (const action of actions) {
    const put = action.Put?.Item;
    const bytes = put ? itemSizeBytes(put) : 0;
    if (bytes > DYNAMODB_BOUNDS.itemBytes) {
      throw new BoundExceeded(
        BoundCode.ITEM_TOO_LARGE,
        `The change would store an item of ${bytes} bytes; DynamoDB holds at most ${DYNAMODB_BOUNDS.itemBytes}`,
      );
    }
  }
}

/**
 * Refuses a transaction over DynamoDB's bounds (its actions, the bytes it writes) before it is sent, as
 * refuseOversizedPuts does an item: DynamoDB would refuse it as a whole, and no retry could cure it.
 */
export function refuseOversizedTransaction(actions: readonly TransactItem[]): void {
  refuseOversizedPuts(actions);
  const excess = transactionExcess(actions);
  if (excess) throw new BoundExceeded(excess.code, `The change would write ${excess.text}`);
}

/** How a transaction passes DynamoDB's bounds, if it does: "N items at once; DynamoDB writes at most …". */
export function transactionExcess(
  actions: readonly TransactItem[],
): { code: BoundCode; text: string } | undefined {
  if (actions.length > DYNAMODB_BOUNDS.transactionActions) {
    return {
      code: BoundCode.TOO_MANY_ITEMS,
      text: `${actions.length} items at once; DynamoDB writes at most ${DYNAMODB_BOUNDS.transactionActions} in one transaction`,
    };
  }
  const bytes = actions.reduce((sum, action) => sum + actionBytes(action), 0);
  if (bytes <= DYNAMODB_BOUNDS.transactionBytes) return undefined;
  return {
    code: BoundCode.ITEM_TOO_LARGE,
    text: `${bytes} bytes at once; DynamoDB writes at most ${DYNAMODB_BOUNDS.transactionBytes} in one transaction`,
  };
}

/** What an action sends: a put's item, an update's key and values, another's key. */
function actionBytes(action: TransactItem): number {
  if (action.Put?.Item) return itemSizeBytes(action.Put.Item);
  if (action.Update) {
    return (
      itemSizeBytes(action.Update.Key ?? {}) + itemSizeBytes(action.Update.ExpressionAttributeValues ?? {})
    );
  }
  const key = action.Delete?.Key ?? action.ConditionCheck?.Key;
  return key ? itemSizeBytes(key) : 0;
}

function valueSize(value: unknown): number {
  if (typeof value === "string") return Buffer.byteLength(value);
  if (typeof value === "number" || typeof value === "bigint") return numberSize(String(value));
  if (typeof value === "boolean" || value === null) return 1;
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) return [...value].reduce((sum: number, element) => sum + valueSize(element), 0);
  if (Array.isArray(value))
    return 3 + value.reduce((sum: number, element) => sum + 1 + valueSize(element), 0);
  if (typeof value === "object") {
    let bytes = 3;
    for (const [name, element] of Object.entries(value)) {
      if (element !== undefined) bytes += 1 + Buffer.byteLength(name) + valueSize(element);
    }
    return bytes;
  }
  return 0;
}

/** One byte per two significant digits, plus one. */
function numberSize(text: string): number {
  const digits = text
    .replace(/^-/, "")
    .replace(/e.*$/i, "")
    .replace(".", "")
    .replace(/^0+|0+$/g, "");
  return Math.ceil(Math.max(digits.length, 1) / 2) + 1;
}
