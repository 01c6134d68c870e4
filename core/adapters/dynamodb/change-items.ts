import type { RunChange } from "../../ports/store";
import { openApprovalAction, settleApprovalAction } from "./approval-store";
import { costRecordAction } from "./cost-store";
import type { Table } from "./dynamo-client";
import { idempotencyClaim } from "./idempotency-claim";
import { commitItems } from "./run-items";
import { slotActions, throttleAction } from "./slot-items";
import type { TransactItem } from "./transact";

/**
 * A run change's writes: what must commit atomically (the run at its expected version, the outbox journal,
 * the approval and cost items the change carries, its slot and throttle moves), and the journal filing earlier
 * history, apart.
 */
export function changeWrites(
  table: Table,
  change: RunChange,
): { atomic: TransactItem[]; filed?: TransactItem } {
  const { atomic, filed } = ownWrites(table, change);
  atomic.push(...slotActions(table, [change.commit]));
  return filed ? { atomic, filed } : { atomic };
}

/**
 * All the writes of changes committed together (the runs a creation supersedes) as actions of one transaction;
 * their slot moves merged, as a transaction writes an item once.
 */
export function changeItems(table: Table, changes: readonly RunChange[]): TransactItem[] {
  const own = changes.flatMap((change) => {
    const { atomic, filed } = ownWrites(table, change);
    return filed ? [filed, ...atomic] : atomic;
  });
  return [
    ...own,
    ...slotActions(
      table,
      changes.map((change) => change.commit),
    ),
  ];
}

function ownWrites(table: Table, change: RunChange): { atomic: TransactItem[]; filed?: TransactItem } {
  const { workspaceId } = change.commit.run;
  const { atomic, filed } = commitItems(table, change.commit);
  if (change.openApproval) atomic.push(openApprovalAction(table, workspaceId, change.openApproval));
  if (change.settleApproval) atomic.push(settleApprovalAction(table, workspaceId, change.settleApproval));
  // In the run's own partition: no item another run touches, so no conflict that would repeat the calls.
  if (change.cost) atomic.push(costRecordAction(table, change.cost));
  const claimed = change.claimIdempotencyKey;
  if (claimed !== undefined) atomic.push(idempotencyClaim(table, workspaceId, claimed, change.commit.run.id));
  const throttled = change.commit.throttleStart;
  if (throttled) atomic.push(throttleAction(table, workspaceId, throttled));
  return filed ? { atomic, filed } : { atomic };
}
