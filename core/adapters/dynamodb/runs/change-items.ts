import type { RunChange } from "../../../ports/store";
import type { ApprovalNumbers } from "../approvals/approval-numbering";
import {
  openApprovalAction,
  settleApprovalAction,
  withdrawApprovalAction,
} from "../approvals/approval-store";
import { appendRollup, type RollupPlacement } from "../costs/cost-rollup-store";
import { costRecordAction } from "../costs/cost-store";
import type { Table } from "../table/dynamo-client";
import { refuseOversizedPuts } from "../table/item-size";
import type { TransactItem } from "../table/transact";
import { putUnlessRefused } from "../table/write-conflict";
import { debounceJoin, idempotencyClaim } from "./creation-keys";
import { commitItems } from "./run-items";
import { slotActions, throttleAction } from "./slot-items";
import { stepCountAction } from "./step-counter-items";

/**
 * A run change's writes: what must commit atomically (the run at its expected version, the outbox journal, the
 * approval the change settles, its slot and throttle moves, its tree's step count), and what is written before it, on its own: the
 * journal filing earlier history (committed already) and the attempt's cost record (its calls were paid for
 * either way; in the run's own partition, and a record already there is this one, kept), which stand whether
 * the change then commits or not; and the approval request the change opens (`opening`), which must be new,
 * and is withdrawn if the change then loses (`withdraw`). A request is its own item, written once, so opening
 * it apart from the commit bills it and the run's put once each where one transaction billed both twice; a
 * request left behind by a writer that stopped in between is offered to no reader (domain/approval.ts isOffered).
 */
export interface ChangeWrites {
  before: TransactItem[];
  opening?: { put: TransactItem; withdraw: TransactItem };
  atomic: TransactItem[];
  /** Where the actions of the change's cost rollup (RunChange.rollup) sit in `atomic`, last. */
  rollup?: RollupPlacement;
}

export function changeWrites(table: Table, change: RunChange, numbers: ApprovalNumbers = {}): ChangeWrites {
  const writes = ownWrites(table, change, numbers);
  writes.atomic.push(...slotActions(table, [change.commit]));
  if (!change.rollup) return writes;
  const { run } = change.commit;
  const at = { workspaceId: run.workspaceId, runId: run.id };
  return { ...writes, rollup: appendRollup(table, writes.atomic, at, change.rollup) };
}

/**
 * All the writes of changes committed together (the runs a creation supersedes) as actions of one transaction;
 * their slot moves merged, as a transaction writes an item once.
 */
export function changeItems(table: Table, changes: readonly RunChange[]): TransactItem[] {
  const own = changes.flatMap((change) => {
    const { before, opening, atomic } = ownWrites(table, change, {});
    return [...before, ...(opening ? [opening.put] : []), ...atomic];
  });
  return [
    ...own,
    ...slotActions(
      table,
      changes.map((change) => change.commit),
    ),
  ];
}

/**
 * Writes a change's `before` puts, once none of its items is over DynamoDB's bound (so an oversized change
 * writes nothing at all); a put's condition refusing means its item is there already.
 */
export async function writeBeforeCommit(
  table: Table,
  { before, opening, atomic }: ChangeWrites,
): Promise<void> {
  refuseOversizedPuts([...before, ...(opening ? [opening.put] : []), ...atomic]);
  await Promise.all(before.map((put) => putUnlessRefused(table, put)));
}

function ownWrites(table: Table, change: RunChange, numbers: ApprovalNumbers): ChangeWrites {
  const { workspaceId } = change.commit.run;
  const { atomic, filed } = commitItems(table, change.commit);
  if (change.settleApproval) {
    atomic.push(settleApprovalAction(table, workspaceId, change.settleApproval, numbers.decided));
  }
  const claimed = change.claimIdempotencyKey;
  if (claimed !== undefined) atomic.push(idempotencyClaim(table, workspaceId, claimed, change.commit.run.id));
  const throttled = change.commit.throttleStart;
  if (throttled) atomic.push(throttleAction(table, workspaceId, throttled));
  const { stepCount } = change.commit;
  if (stepCount) atomic.push(stepCountAction(table, workspaceId, stepCount));
  if (change.joinDebounceWindow)
    atomic.push(debounceJoin(table, change.commit.run, change.joinDebounceWindow.scope));
  const before = filed ? [filed] : [];
  if (change.cost) before.push(costRecordAction(table, change.cost));
  const opened = change.openApproval;
  if (!opened) return { before, atomic };
  const opening = {
    put: openApprovalAction(table, workspaceId, opened, numbers.opened),
    withdraw: withdrawApprovalAction(table, workspaceId, opened.id),
  };
  return { before, opening, atomic };
}
