import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { ApprovalRequest, isOffered, isPendingApproval as isPending } from "../../domain/approval";
import type { ApprovalStore } from "../../ports/store";
import type { Table } from "./dynamo-client";
import { approvalIndexKeys } from "./index-keys";
import { keys } from "./keys";
import { batchGetAll, indexPartitionItems } from "./query";
import { fromRunItem } from "./run-items";
import type { TransactItem } from "./transact";

/**
 * Approval requests. Each is its own item (so deciding one is a conditional write on it alone) and sits in
 * KEYS_ONLY index lists: all of the workspace's requests (gsi1), and while pending, the pending ones (gsi3).
 * A request is opened by a put of its own just before the commit that pauses its run on it, and withdrawn if
 * that commit loses (run-store.ts); a decision, expiry or escalation is an action of the run's commit. Readers
 * are offered a pending request only while its run waits for it (isOffered): one read of its run item.
 */
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

/**
 * A new request, put on its own before the commit of the change that opens it: a plain conditional put (1 WRU)
 * where an action of the commit's transaction was billed twice, and the run's put alone then costs half.
 */
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

/** Removes a request its change did not commit, untouched since (nobody can decide one its run does not wait on). */
export function withdrawApprovalAction(table: Table, workspaceId: string, approvalId: string): TransactItem {
  return {
    Delete: {
      TableName: table.name,
      Key: keys.approval(workspaceId, approvalId),
      ConditionExpression: "decision = :null AND expiredAt = :null",
      ExpressionAttributeValues: { ":null": null },
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
  /** The requests among `approvals` that are offered: each pending one's run read, strongly. */
  async function offered(workspaceId: string, approvals: ApprovalRequest[]): Promise<ApprovalRequest[]> {
    const runIds = [...new Set(approvals.filter(isPending).map((approval) => approval.workflowRunId))];
    if (runIds.length === 0) return approvals;
    const runItems = await batchGetAll(
      table,
      runIds.map((runId) => keys.run(workspaceId, runId)),
    );
    const runs = new Map(runItems.map(fromRunItem).map((run) => [run.id, run]));
    return approvals.filter((approval) => isOffered(approval, runs.get(approval.workflowRunId)));
  }

  return {
    async get(workspaceId: string, approvalId: string): Promise<ApprovalRequest | undefined> {
      const { Item } = await table.client.send(
        new GetCommand({
          TableName: table.name,
          Key: keys.approval(workspaceId, approvalId),
          ConsistentRead: true,
        }),
      );
      if (!Item) return undefined;
      const [approval] = await offered(workspaceId, [fromItem(Item)]);
      return approval;
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
      if (pending === undefined) return offered(workspaceId, approvals);
      // The index lags the table: a request decided a moment ago may still be listed as pending.
      const listed = approvals.filter(pending ? isPending : (approval) => approval.decision !== null);
      return offered(workspaceId, listed);
    },
  };
}

function fromItem(item: Record<string, unknown>): ApprovalRequest {
  return ApprovalRequest.parse({ ...item, content: JSON.parse(String(item.contentJson)) });
}
