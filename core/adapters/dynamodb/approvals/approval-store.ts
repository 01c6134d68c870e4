import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { type ApprovalRequest, isOffered, isPendingApproval as isPending } from "../../../domain/approval";
import type { RunRecord } from "../../../domain/run-record";
import type { ApprovalStore, Page } from "../../../ports/store";
import { countedPageKeys, sumOf } from "../lists/counted-pages";
import { numberFromTop } from "../lists/number-from-top";
import type { Table } from "../table/dynamo-client";
import { type ItemKey, keys, pad } from "../table/keys";
import { batchGetAll, indexPartitionItems, indexPartitionKeys } from "../table/query";
import type { IndexName } from "../table/table";
import { fromApprovalItem } from "./approval-items";
import { approvalListPartitions } from "./approval-keys";
import { createApprovalNumbering } from "./approval-numbering";
import { approvalsCreatedBetween, byCreation } from "./approval-window";

/**
 * Approval requests. Each is its own item (so deciding one is a conditional write on it alone) and sits in
 * KEYS_ONLY index lists: all of the workspace's requests by their number (gsi1), the pending ones by creation and
 * the decided ones by number (gsi3). A request is numbered and opened by a put of its own just before the commit
 * that pauses its run on it, and withdrawn if that commit loses (run-store.ts, approval-numbering.ts); a
 * decision, expiry or escalation is an action of the run's commit. Readers are offered a pending request only
 * while its run waits for it (isOffered): one read of its run item, which `runsOf` answers (runs/read-run.ts).
 */
/** The runs of these ids in the workspace, read strongly; those not found left out. */
export type RunsOf = (workspaceId: string, runIds: string[]) => Promise<RunRecord[]>;

export function createApprovalStore(table: Table, runsOf: RunsOf): ApprovalStore {
  const numbering = createApprovalNumbering(table);
  /** The requests among `approvals` that are offered: each pending one's run read, strongly. */
  async function offered(workspaceId: string, approvals: ApprovalRequest[]): Promise<ApprovalRequest[]> {
    const runIds = [...new Set(approvals.filter(isPending).map((approval) => approval.workflowRunId))];
    if (runIds.length === 0) return approvals;
    const runs = new Map((await runsOf(workspaceId, runIds)).map((run) => [run.id, run]));
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
    return Item ? fromApprovalItem(Item) : undefined;
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
      (await indexPartitionItems(table, index, pk, { newestFirst: true })).map(fromApprovalItem),
      pending,
    );

  const items = async (workspaceId: string, itemKeys: ItemKey[], pending: false | undefined) =>
    listed(workspaceId, (await batchGetAll(table, itemKeys)).map(fromApprovalItem), pending);

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
