import { ApprovalRequest, isPendingApproval as isPending } from "../../../domain/approval";
import { refuseOversizedPuts } from "../table/item-size";
import { keys, pad } from "../table/keys";
import type { TransactItem } from "../table/transact";
import { approvalIndexKeys, approvalListPartitions } from "./approval-keys";

/**
 * An approval request's item, the actions a run's commit opens, withdraws and settles it with
 * (runs/change-items.ts), and the request read back from its item (approval-store.ts).
 */
/** What a change took before its write: its opening request's number, the number of the request it decides. */
export interface ApprovalNumbers {
  opened?: number;
  decided?: number;
}

function approvalItem(workspaceId: string, approval: ApprovalRequest) {
  return {
    ...keys.approval(workspaceId, approval.id),
    entity: "ApprovalRequest",
    workspaceId,
    ...approval,
    contentJson: JSON.stringify(approval.content),
    content: undefined,
  };
}

/**
 * A new request, put on its own before the commit of the change that opens it: a plain conditional put (1 WRU)
 * where an action of the commit's transaction was billed twice, and the run's put alone then costs half.
 * Without a number (a change committed with a creation's, which opens none) it lists as requests opened
 * before numbering do.
 */
export function openApprovalAction(
  tableName: string,
  workspaceId: string,
  approval: ApprovalRequest,
  number: number | undefined,
): TransactItem {
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...approvalItem(workspaceId, approval),
        ...approvalIndexKeys(workspaceId, approval.id, approval.createdAt, number),
      },
      ConditionExpression: "attribute_not_exists(pk)",
    },
  };
}

/** Removes a request its change did not commit, untouched since (nobody can decide one its run does not wait on). */
export function withdrawApprovalAction(
  tableName: string,
  workspaceId: string,
  approvalId: string,
): TransactItem {
  return {
    Delete: {
      TableName: tableName,
      Key: keys.approval(workspaceId, approvalId),
      ConditionExpression: "decision = :null AND expiredAt = :null",
      ExpressionAttributeValues: { ":null": null },
    },
  };
}

/**
 * Rewrites a still-undecided, unexpired request as settled; the condition is what makes a second decision lose.
 * Its gsi1 place (its number, fixed at opening) is left as it is. Still pending (an escalation), it stays in the
 * pending list; decided, it moves to the decided list at its number (`decidedNumber`, which only a numbered
 * request has); expired undecided, or decided without a number, it leaves gsi3.
 */
export function settleApprovalAction(
  tableName: string,
  workspaceId: string,
  settled: ApprovalRequest,
  decidedNumber: number | undefined,
): TransactItem {
  const { pk, sk, ...attributes } = approvalItem(workspaceId, settled);
  refuseOversizedPuts([{ Put: { TableName: tableName, Item: { pk, sk, ...attributes } } }]);
  const set = Object.entries(attributes).filter(([, value]) => value !== undefined);
  const toDecided = settled.decision !== null && decidedNumber !== undefined;
  if (toDecided) {
    set.push(["gsi3pk", approvalListPartitions.decided(workspaceId)], ["gsi3sk", pad(decidedNumber, 12)]);
  }
  const removed = isPending(settled) || toDecided ? [] : ["gsi3pk", "gsi3sk"];
  return {
    Update: {
      TableName: tableName,
      Key: { pk, sk },
      UpdateExpression:
        `SET ${set.map((_, i) => `#a${i} = :a${i}`).join(", ")}` +
        (removed.length > 0 ? ` REMOVE ${removed.join(", ")}` : ""),
      ConditionExpression: "attribute_exists(pk) AND decision = :null AND expiredAt = :null",
      ExpressionAttributeNames: Object.fromEntries(set.map(([name], i) => [`#a${i}`, name])),
      ExpressionAttributeValues: {
        ...Object.fromEntries(set.map(([, value], i) => [`:a${i}`, value])),
        ":null": null,
      },
    },
  };
}

export function fromApprovalItem(item: Record<string, unknown>): ApprovalRequest {
  return ApprovalRequest.parse({ ...item, content: JSON.parse(String(item.contentJson)) });
}
