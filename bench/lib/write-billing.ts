import { committedWrite, failedWrite } from "./billed-units";
import { errorType, itemId, type WireResponse } from "./dynamo-wire";
import type { KeyLocks } from "./key-locks";
import type { Bill, BillingContext } from "./request-bill";
import { attemptedItem } from "./update-replay";
import { type ObservedCommit, type ObservedWrite, unprocessedWrites, writeTargets } from "./write-targets";

export interface WriteBillingContext extends BillingContext {
  locks: KeyLocks;
  /** Where a refused UpdateItem is replayed (bench/lib/update-replay.ts). */
  scratchTable: string;
  onCommit?: (commit: ObservedCommit) => void;
}

export async function billWrite(
  context: WriteBillingContext,
  operation: string,
  input: Record<string, unknown>,
  forward: () => Promise<WireResponse>,
  bill: Bill,
): Promise<WireResponse> {
  const { wire, table, kind } = context;
  const targets = writeTargets(operation, input, context.key);
  const transactional = operation === "TransactWriteItems";
  return context.locks.run(
    targets.map((t) => itemId(t.tableName, t.key)),
    async () => {
      const before = await Promise.all(targets.map((t) => wire.getItem(t.tableName, t.key)));
      const response = await forward();
      try {
        if (response.status === 200) {
          const unprocessed = unprocessedWrites(response.body);
          const done = targets
            .map((target, i) => ({ target, before: before[i] }))
            .filter(({ target }) => !unprocessed.has(itemId(target.tableName, target.key)));
          const after = await Promise.all(
            done.map(({ target }) => wire.getItem(target.tableName, target.key)),
          );
          const writes: ObservedWrite[] = done.map(({ target, before: old }, i) => ({
            action: target.action,
            tableName: target.tableName,
            key: target.key,
            before: old,
            after: after[i],
          }));
          for (const write of writes) {
            bill.write(kind(write.key), committedWrite(write.before, write.after, table, transactional));
          }
          context.onCommit?.({ operation, bucket: bill.bucket, writes });
          return response;
        }
        const failure = errorType(response.body);
        if (failure === "ConditionalCheckFailedException" || failure === "TransactionCanceledException") {
          // A failed conditional write is billed: the larger of the item as it is and as the write would
          // have made it, at least 1 WRU (WorkingWithItems.html#WorkingWithItems.ConditionalUpdate).
          //
          // A cancelled transaction: the Developer Guide says a transaction does two underlying writes of
          // each item, "one to prepare the transaction and one to commit the transaction"
          // (transaction-apis.html#transaction-capacity-handling), and that a failed conditional write still
          // consumes write capacity; it does not state a cancelled transaction's bill (real DynamoDB returns
          // no ConsumedCapacity with TransactionCanceledException). A cancelled transaction has been
          // prepared and not committed, so it is billed here as the prepare writes alone: each item once,
          // sized as a failed conditional write, i.e. half of what the same transaction bills when it commits.
          const attempted = await Promise.all(
            targets.map((t, i) => attemptedItem(wire, context.scratchTable, t, before[i])),
          );
          targets.forEach((target, i) => {
            bill.failed(kind(target.key), failedWrite(before[i], attempted[i]));
          });
        }
      } catch (error) {
        bill.unbillable(error);
      }
      return response;
    },
  );
}
