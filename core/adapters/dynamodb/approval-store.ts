import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { ApprovalRequest } from "../../domain/approval";
import type { ApprovalStore } from "../../ports/store";
import type { Table } from "./dynamo-client";
import { approvalIndexKeys } from "./index-keys";
import { keys } from "./keys";
import { indexPartitionItems } from "./query";
import type { TransactItem } from "./transact";

/**
 * Approval requests. Each is its own item (so deciding one is a conditional write on it alone) and sits in
 * KEYS_ONLY index lists: all of the workspace's requests (gsi1), and while pending, the pending ones (gsi3).
 * Writes are transaction actions: they always commit together with the run's change (run-store.ts).
 */
const isPending = (approval: ApprovalRequest) => approval.decision === null && approval.expiredAt === null;

function approvalItem(workspaceId: string, approval: ApprovalRequest) {
  return {
    ...keys.approval(workspaceId, approval.id),
    entity: "ApprovalRequest",
    workspaceId,
    ...approval,
    contentJson: JSON.stringify(approval.content),
    content: undefined,
    ...approvalIndexKeys(workspaceId, approval.id, approval.createdAt, isPending(approval)),
  };
}

/** A new request, in the commit of the change that opens it. */
export function openApprovalAction(
  table: Table,
  workspaceId: string,
  approval: ApprovalRequest,
): TransactItem {
  return {
    Put: {
      TableName: table.name,
      Item: approvalItem(workspaceId, approval),
      ConditionExpression: "attribute_not_exists(pk)",
    },
  };
}

/** Replaces a still-undecided, unexpired request; the condition is what makes a second decision lose. */
export function settleApprovalAction(
  table: Table,
  workspaceId: string,
  settled: ApprovalRequest,
): TransactItem {
  return {
    Put: {
      TableName: table.name,
      Item: approvalItem(workspaceId, settled),
      ConditionExpression: "attribute_exists(pk) AND decision = :null AND expiredAt = :null",
      ExpressionAttributeValues: { ":null": null },
    },
  };
}

export function createApprovalStore(table: Table): ApprovalStore {
  return {
    async get(workspaceId: string, approvalId: string): Promise<ApprovalRequest | undefined> {
      const { Item } = await table.client.send(
        new GetCommand({
          TableName: table.name,
          Key: keys.approval(workspaceId, approvalId),
          ConsistentRead: true,
        }),
      );
      return Item ? fromItem(Item) : undefined;
    },

    /**
     * Newest first. `pending` true: undecided and unexpired; false: decided; undefined: all. The decided are
     * all but the pending and expired, read from the list of all (requests written before gsi3 kept only the
     * pending ones also have a gsi3 entry of their listing, which nothing reads).
     */
    async list(workspaceId: string, pending: boolean | undefined): Promise<ApprovalRequest[]> {
      const { gsi1pk, gsi3pk = "" } = approvalIndexKeys(workspaceId, "", "", true);
      const [index, pk] = pending ? (["gsi3", gsi3pk] as const) : (["gsi1", gsi1pk] as const);
      const approvals = (await indexPartitionItems(table, index, pk, { newestFirst: true })).map(fromItem);
      if (pending === undefined) return approvals;
      // The index lags the table: a request decided a moment ago may still be listed as pending.
      return approvals.filter(pending ? isPending : (approval) => approval.decision !== null);
    },
  };
}

function fromItem(item: Record<string, unknown>): ApprovalRequest {
  return ApprovalRequest.parse({ ...item, content: JSON.parse(String(item.contentJson)) });
}
