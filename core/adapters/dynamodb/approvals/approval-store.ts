import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { ApprovalRequest, isOffered, isPendingApproval as isPending } from "../../../domain/approval";
import type { RunRecord } from "../../../domain/run-record";
import type { ApprovalStore, Page } from "../../../ports/store";
import { numberFromTop } from "../lists/number-from-top";
import { countedPageKeys, sumOf } from "../runs/ended-run-list";
import { approvalIndexKeys, approvalListPartitions } from "../runs/run-index-keys";
import { fromRunItem } from "../runs/run-items";
import type { Table } from "../table/dynamo-client";
import { refuseOversizedPuts } from "../table/item-size";
import { type ItemKey, keys, pad } from "../table/keys";
import { batchGetAll, indexPartitionItems, indexPartitionKeys } from "../table/query";
import type { IndexName } from "../table/table";
import type { TransactItem } from "../table/transact";
import { createApprovalNumbering } from "./approval-numbering";
import { approvalsCreatedBetween, byCreation } from "./approval-window";

/**
 * Approval requests. Each is its own item (so deciding one is a conditional write on it alone) and sits in
 * KEYS_ONLY index lists: all of the workspace's requests by their number (gsi1), the pending ones by creation and
 * the decided ones by number (gsi3). A request is numbered and opened by a put of its own just before the commit
 * that pauses its run on it, and withdrawn if that commit loses (run-store.ts, approval-numbering.ts); a
 * decision, expiry or escalation is an action of the run's commit. Readers are offered a pending request only
 * while its run waits for it (isOffered): one read of its run item.
 */
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
  table: Table,
  workspaceId: string,
  approval: ApprovalRequest,
  number: number | undefined,
): TransactItem {
  return {
    Put: {
      TableName: table.name,
      Item: {
        ...approvalItem(workspaceId, approval),
        ...approvalIndexKeys(workspaceId, approval.id, approval.createdAt, number),
      },
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

/**
 * Rewrites a still-undecided, unexpired request as settled; the condition is what makes a second decision lose.
 * Its gsi1 place (its number, fixed at opening) is left as it is. Still pending (an escalation), it stays in the
 * pending list; decided, it moves to the decided list at its number (`decidedNumber`, which only a numbered
 * request has); expired undecided, or decided without a number, it leaves gsi3.
 */
export function settleApprovalAction(
  table: Table,
  workspaceId: string,
  settled: ApprovalRequest,
  decidedNumber: number | undefined,
): TransactItem {
  const { pk, sk, ...attributes } = approvalItem(workspaceId, settled);
  refuseOversizedPuts([{ Put: { TableName: table.name, Item: { pk, sk, ...attributes } } }]);
  const set = Object.entries(attributes).filter(([, value]) => value !== undefined);
  const toDecided = settled.decision !== null && decidedNumber !== undefined;
  if (toDecided) {
    set.push(["gsi3pk", approvalListPartitions.decided(workspaceId)], ["gsi3sk", pad(decidedNumber, 12)]);
  }
  const removed = isPending(settled) || toDecided ? [] : ["gsi3pk", "gsi3sk"];
  return {
    Update: {
      TableName: table.name,
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

export function createApprovalStore(table: Table): ApprovalStore {
  const numbering = createApprovalNumbering(table);
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

  async function stored(workspaceId: string, approvalId: string): Promise<ApprovalRequest | undefined> {
    const { Item } = await table.client.send(
      new GetCommand({
        TableName: table.name,
        Key: keys.approval(workspaceId, approvalId),
        ConsistentRead: true,
      }),
    );
    return Item ? fromItem(Item) : undefined;
  }

  /** The requests of one index partition (or of some of its keys), as `list` answers them. */
  async function listed(
    workspaceId: string,
    approvals: ApprovalRequest[],
    pending: boolean | undefined,
  ): Promise<ApprovalRequest[]> {
    // The index lags the table: a request decided a moment ago may still be listed as pending.
    const kept =
      pending === undefined
        ? approvals
        : approvals.filter(pending ? isPending : (approval) => approval.decision !== null);
    return offered(workspaceId, kept);
  }

  /** A partition's requests, newest first, as `list` answers them. */
  const partition = async (workspaceId: string, index: IndexName, pk: string, pending: boolean | undefined) =>
    listed(
      workspaceId,
      (await indexPartitionItems(table, index, pk, { newestFirst: true })).map(fromItem),
      pending,
    );

  const items = async (workspaceId: string, itemKeys: ItemKey[], pending: false | undefined) =>
    listed(workspaceId, (await batchGetAll(table, itemKeys)).map(fromItem), pending);

  /** The keys of one page of the numbered requests (all, or decided), and how many they are. */
  async function numberedPage(
    workspaceId: string,
    pending: false | undefined,
    start: number,
    pageSize: number,
  ): Promise<{ keys: ItemKey[]; total: number }> {
    if (pending === false) {
      const blocks = await numbering.decidedBlocks(workspaceId);
      const pk = approvalListPartitions.decided(workspaceId);
      const walked = await countedPageKeys(blocks, start, pageSize, (top, limit) =>
        indexPartitionKeys(table, "gsi3", pk, {
          newestFirst: true,
          sortBetween: { from: pad(1, 12), to: pad(top, 12) },
          limit,
        }),
      );
      return { keys: walked, total: sumOf(blocks) };
    }
    const { count, gaps } = await numbering.counter(workspaceId);
    const total = count - gaps.length;
    if (start >= total) return { keys: [], total };
    const newest = numberFromTop(count, gaps, start + 1);
    const oldest = numberFromTop(count, gaps, Math.min(total, start + pageSize));
    const pk = approvalListPartitions.numbered(workspaceId);
    const sortBetween = { from: pad(oldest, 12), to: pad(newest, 12) };
    return { keys: await indexPartitionKeys(table, "gsi1", pk, { newestFirst: true, sortBetween }), total };
  }

  return {
    async get(
      workspaceId: string,
      approvalId: string,
      run?: RunRecord,
    ): Promise<ApprovalRequest | undefined> {
      const approval = await stored(workspaceId, approvalId);
      if (!approval) return undefined;
      if (run?.id === approval.workflowRunId) return isOffered(approval, run) ? approval : undefined;
      const [listed] = await offered(workspaceId, [approval]);
      return listed;
    },

    stored,

    /**
     * Newest first. `pending` true: undecided and unexpired; false: decided; undefined: all. The numbered
     * decided ones are their gsi3 list; those opened before numbering are read from their list of all, keeping
     * those with a decision (requests written before gsi3 kept only the pending ones also have a gsi3 entry of
     * their listing, which nothing reads). Both are read whole and merged in creation order, as the list always
     * answered.
     */
    async list(workspaceId: string, pending: boolean | undefined): Promise<ApprovalRequest[]> {
      if (pending) return partition(workspaceId, "gsi3", approvalListPartitions.pending(workspaceId), true);
      const [index, pk]: [IndexName, string] =
        pending === false
          ? ["gsi3", approvalListPartitions.decided(workspaceId)]
          : ["gsi1", approvalListPartitions.numbered(workspaceId)];
      const lists = await Promise.all([
        partition(workspaceId, index, pk, pending),
        partition(workspaceId, "gsi1", approvalListPartitions.unnumbered(workspaceId), pending),
      ]);
      return lists.flat().sort((a, b) => byCreation(b, a));
    },

    createdBetween: (workspaceId, from, to, max) =>
      approvalsCreatedBetween(
        table,
        numbering,
        (itemKeys) => items(workspaceId, itemKeys, undefined),
        workspaceId,
        {
          from,
          to,
          max,
        },
      ),

    /**
     * A page of all or of the decided requests: the numbered ones (newest first by number), then those opened
     * before numbering, which are read whole and filtered as `list` reads them (docs/lists.md, "Approvals,
     * a page at a time").
     */
    async page(
      workspaceId: string,
      pending: false | undefined,
      page: number,
      pageSize: number,
    ): Promise<Page<ApprovalRequest>> {
      const start = (page - 1) * pageSize;
      const [numbered, older] = await Promise.all([
        numberedPage(workspaceId, pending, start, pageSize),
        partition(workspaceId, "gsi1", approvalListPartitions.unnumbered(workspaceId), pending),
      ]);
      const fromOlder = older.slice(
        Math.max(0, start - numbered.total),
        Math.max(0, start + pageSize - numbered.total),
      );
      // In creation order within the page, as `list`: numbers follow it but for openings moments apart.
      const numberedItems = (await items(workspaceId, numbered.keys, pending)).sort((a, b) =>
        byCreation(b, a),
      );
      return {
        items: [...numberedItems, ...fromOlder],
        total: numbered.total + older.length,
      };
    },
  };
}

function fromItem(item: Record<string, unknown>): ApprovalRequest {
  return ApprovalRequest.parse({ ...item, content: JSON.parse(String(item.contentJson)) });
}
