import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { ConflictError } from "../errors";
import { cancellationCodes, isConditionFailure } from "./conditions";
import type { Table } from "./dynamo-client";
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

/** TransactWriteItems, with a lost condition or race surfaced as WriteConflict. */
export async function transactWrite(table: Table, items: TransactItem[]): Promise<void> {
  try {
    await table.client.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes) throw new WriteConflict(codes, { cause: error });
    if (isConditionFailure(error)) throw new WriteConflict(["ConditionalCheckFailed"], { cause: error });
    throw error;
  }
}
