import type { RunChange } from "../../ports/store";
import { openApprovalAction, settleApprovalAction } from "./approval-store";
import { costRecordAction } from "./cost-store";
import type { Table } from "./dynamo-client";
import { commitItems } from "./run-items";
import type { TransactItem } from "./transact";

/**
 * A run change's TransactWriteItems: the run item at its expected version and its journal, and the approval
 * and cost items the change carries.
 */
export function changeItems(table: Table, change: RunChange): TransactItem[] {
  const { workspaceId } = change.commit.run;
  const items = commitItems(table, change.commit);
  if (change.openApproval) items.push(openApprovalAction(table, workspaceId, change.openApproval));
  if (change.settleApproval) items.push(settleApprovalAction(table, workspaceId, change.settleApproval));
  // In the run's own partition: no item another run touches, so no conflict that would repeat the calls.
  if (change.cost) items.push(costRecordAction(table, change.cost));
  return items;
}
