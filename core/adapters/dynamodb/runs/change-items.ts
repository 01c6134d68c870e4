import type { RunChange } from "../../../ports/store";
import {
  type ApprovalNumbers,
  openApprovalAction,
  settleApprovalAction,
  withdrawApprovalAction,
} from "../approvals/approval-items";
import { costRecordAction } from "../costs/cost-items";
import { appendRollup, type RollupPlacement } from "../costs/rollup-items";
import type { TransactItem } from "../table/transact";
import { commitItems } from "./commit-items";
import { debounceJoin, idempotencyClaim } from "./creation-keys";
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

/**
 * `numbers`: what the change took before its write (approval-numbering.ts); `fullDayItems`: the definitions' cost
 * day items known to be full, for its rollup (costs/full-day-memory.ts).
 */
export function changeWrites(
  tableName: string,
  change: RunChange,
  numbers: ApprovalNumbers = {},
  fullDayItems: ReadonlySet<string> = new Set(),
): ChangeWrites {
  const writes = ownWrites(tableName, change, numbers);
  writes.atomic.push(...slotActions(tableName, [change.commit]));
  if (!change.rollup) return writes;
  const { run } = change.commit;
  const at = { workspaceId: run.workspaceId, runId: run.id };
  return { ...writes, rollup: appendRollup(tableName, writes.atomic, at, change.rollup, fullDayItems) };
}

/**
 * All the writes of changes committed together (the runs a creation supersedes) as actions of one transaction;
 * their slot moves merged, as a transaction writes an item once.
 */
export function changeItems(tableName: string, changes: readonly RunChange[]): TransactItem[] {
  const own = changes.flatMap((change) => {
    const { before, opening, atomic } = ownWrites(tableName, change, {});
    return [...before, ...(opening ? [opening.put] : []), ...atomic];
  });
  return [
    ...own,
    ...slotActions(
      tableName,
      changes.map((change) => change.commit),
    ),
  ];
}

function ownWrites(tableName: string, change: RunChange, numbers: ApprovalNumbers): ChangeWrites {
  const { workspaceId } = change.commit.run;
  const { atomic, filed } = commitItems(tableName, change.commit);
  if (change.settleApproval) {
    atomic.push(settleApprovalAction(tableName, workspaceId, change.settleApproval, numbers.decided));
  }
  const claimed = change.claimIdempotencyKey;
  if (claimed !== undefined)
    atomic.push(idempotencyClaim(tableName, workspaceId, claimed, change.commit.run.id));
  const throttled = change.commit.throttleStart;
  if (throttled) atomic.push(throttleAction(tableName, workspaceId, throttled));
  const { stepCount } = change.commit;
  if (stepCount) atomic.push(stepCountAction(tableName, workspaceId, stepCount));
  if (change.joinDebounceWindow)
    atomic.push(debounceJoin(tableName, change.commit.run, change.joinDebounceWindow.scope));
  const before = filed ? [filed] : [];
  if (change.cost) before.push(costRecordAction(tableName, change.cost));
  const opened = change.openApproval;
  if (!opened) return { before, atomic };
  const opening = {
    put: openApprovalAction(tableName, workspaceId, opened, numbers.opened),
    withdraw: withdrawApprovalAction(tableName, workspaceId, opened.id),
  };
  return { before, opening, atomic };
}
