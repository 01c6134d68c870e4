import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { ApprovalRequest } from "../../domain/approval";
import type { ApprovalStore } from "../../ports/store";
import type { Table } from "./dynamo-client";
import { type ApprovalListing, approvalIndexKeys } from "./index-keys";
import { keys } from "./keys";
import { indexPartitionItems } from "./query";
import type { TransactItem } from "./transact";

/**
 * Approval requests. Each is its own item (so deciding one is a conditional write on it alone) and sits in
 * two KEYS_ONLY index lists: all of the workspace's requests (gsi1) and those pending, decided or expired
 * (gsi3). Writes are transaction actions: they always commit together with the run's change (run-store.ts).
 */
function approvalItem(workspaceId: string, approval: ApprovalRequest) {
  const listing: ApprovalListing = approval.decision ? "DECIDED" : approval.expiredAt ? "EXPIRED" : "PENDING";
  return {
    ...keys.approval(workspaceId, approval.id),
    entity: "ApprovalRequest",
    workspaceId,
    ...approval,
    contentJson: JSON.stringify(approval.content),
    content: undefined,
    ...approvalIndexKeys(workspaceId, approval.id, approval.createdAt, listing),
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

    /** Newest first. `pending` true: undecided and unexpired; false: decided; undefined: all. */
    async list(workspaceId: string, pending: boolean | undefined): Promise<ApprovalRequest[]> {
      const index = pending === undefined ? "gsi1" : "gsi3";
      const partition = approvalIndexKeys(workspaceId, "", "", pending === false ? "DECIDED" : "PENDING");
      const pk = index === "gsi1" ? partition.gsi1pk : partition.gsi3pk;
      const items = await indexPartitionItems(table, index, pk, { newestFirst: true });
      return items.map(fromItem);
    },
  };
}

function fromItem(item: Record<string, unknown>): ApprovalRequest {
  return ApprovalRequest.parse({ ...item, content: JSON.parse(String(item.contentJson)) });
}
