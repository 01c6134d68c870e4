import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { RunChange } from "../../../ports/store";
import { createEndedCountItems } from "../lists/ended-counts";
import { createRunCounters } from "../lists/run-counters";
import type { Table } from "../table/dynamo-client";
import { keys } from "../table/keys";
import type { ApprovalNumbers } from "./approval-items";
import { approvalListPartitions } from "./approval-keys";

/**
 * Numbers and counts that page a workspace's approval requests (docs/lists.md, "Approvals, a page at a
 * time"). A request is numbered as it opens, with an `ADD` on the workspace's `COUNTER#APPROVALS` taken before
 * its put (the openings of one turn of the event loop share one), and a number whose request is then withdrawn
 * or refused is given up as a gap. A decision counts its request in the block of 100 numbers it falls in, as
 * an ended run is counted (ended-counts.ts), before the commit, and takes it back if the commit loses.
 */
export const approvalsCounterScope = "APPROVALS";
/** The decided requests' counts: `WS#<wsp>#ENDED#APPROVAL_DECIDED`, beside the ended runs' statuses. */
export const decidedApprovalsCount = "APPROVAL_DECIDED";

export type ApprovalNumbering = ReturnType<typeof createApprovalNumbering>;

export function createApprovalNumbering(table: Table) {
  const counters = createRunCounters(table);
  const counts = createEndedCountItems(table);

  /** A request's number (undefined for one opened before numbering): fixed at its opening. */
  async function numberOf(workspaceId: string, approvalId: string): Promise<number | undefined> {
    const { Item } = await table.client.send(
      new GetCommand({
        TableName: table.name,
        Key: keys.approval(workspaceId, approvalId),
        ProjectionExpression: "gsi1pk, gsi1sk",
        ConsistentRead: true,
      }),
    );
    return Item?.gsi1pk === approvalListPartitions.numbered(workspaceId) ? Number(Item.gsi1sk) : undefined;
  }

  async function undo(workspaceId: string, numbers: ApprovalNumbers): Promise<void> {
    const { opened, decided } = numbers;
    await Promise.all([
      opened === undefined ? undefined : counters.giveUp(workspaceId, approvalsCounterScope, opened),
      decided === undefined ? undefined : counts.add(workspaceId, decidedApprovalsCount, decided, -1),
    ]);
  }

  return {
    counter: (workspaceId: string) => counters.counter(workspaceId, approvalsCounterScope),
    decidedBlocks: (workspaceId: string) => counts.blocks(workspaceId, decidedApprovalsCount),

    /**
     * Numbers the request the change opens and counts the one it decides (a request decided is undecided
     * until this change: its condition says so). If either fails, the other is taken back.
     */
    async place(change: RunChange): Promise<ApprovalNumbers> {
      const workspaceId = change.commit.run.workspaceId;
      const deciding = change.settleApproval?.decision ? change.settleApproval : undefined;
      const [opened, decided] = await Promise.allSettled([
        change.openApproval ? counters.take(workspaceId, approvalsCounterScope) : undefined,
        deciding &&
          numberOf(workspaceId, deciding.id).then(async (number) => {
            if (number !== undefined) await counts.add(workspaceId, decidedApprovalsCount, number, 1);
            return number;
          }),
      ]);
      const numbers: ApprovalNumbers = {};
      if (opened.status === "fulfilled" && opened.value !== undefined) numbers.opened = opened.value;
      if (decided.status === "fulfilled" && decided.value !== undefined) numbers.decided = decided.value;
      const failed = [opened, decided].find((result) => result.status === "rejected");
      if (!failed) return numbers;
      await undo(workspaceId, numbers);
      throw failed.reason;
    },

    /** After the write: a lost change gives its number up and takes its count back; otherwise both stand. */
    async settle(
      workspaceId: string,
      numbers: ApprovalNumbers,
      outcome: "committed" | "lost" | "unknown",
    ): Promise<void> {
      if (outcome === "lost") await undo(workspaceId, numbers);
    },
  };
}
