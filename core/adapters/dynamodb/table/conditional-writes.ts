import { DeleteCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { isConditionFailure } from "./conditions";
import type { Table } from "./dynamo-client";
import type { ItemKey } from "./keys";

/**
 * The two single-item writes whose condition is only "is the item there": a racing or repeated request
 * gets false rather than an error, and the caller decides what that means (a 409, a 404, nothing).
 */

/** Writes the item unless one with its key exists. @returns false when one did. */
export async function putIfAbsent(table: Table, item: Record<string, unknown>): Promise<boolean> {
  try {
    await table.client.send(
      new PutCommand({ TableName: table.name, Item: item, ConditionExpression: "attribute_not_exists(pk)" }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Deletes the item at `key`. @returns false when there was none. */
export async function deleteIfPresent(table: Table, key: ItemKey): Promise<boolean> {
  try {
    await table.client.send(
      new DeleteCommand({ TableName: table.name, Key: key, ConditionExpression: "attribute_exists(pk)" }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
