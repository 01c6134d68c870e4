import { type ApprovalRequest, isOffered } from "../../domain/approval";
import type { ApprovalStore } from "../../ports/store";
import { approvalSlot, runSlot } from "./item-slots";
import { byKey, type MemoryState } from "./state";

/**
 * Approval requests, written only by run changes (run-change.ts); read newest first like the adapter's index,
 * and, like the adapter's, offered only while pending for a run that waits on them (isOffered).
 */
export function createMemoryApprovals(state: MemoryState): ApprovalStore {
  const find = (workspaceId: string, approvalId: string) =>
    state.approvals.get(approvalSlot(workspaceId, approvalId))?.approval;
  const offered = (workspaceId: string, approval: ApprovalRequest) =>
    isOffered(approval, state.runs.get(runSlot(workspaceId, approval.workflowRunId))?.record);

  const list: ApprovalStore["list"] = async (workspaceId, pending) => {
    const listed = [...state.approvals.values()]
      .filter((stored) => stored.workspaceId === workspaceId)
      .map((stored) => stored.approval)
      .filter(({ decision, expiredAt }) =>
        pending === undefined ? true : pending ? !decision && !expiredAt : Boolean(decision),
      )
      .filter((approval) => offered(workspaceId, approval))
      .sort((a, b) => byKey(`${b.createdAt}#${b.id}`, `${a.createdAt}#${a.id}`));
    return structuredClone(listed);
  };

  return {
    async get(workspaceId, approvalId, run) {
      const approval = find(workspaceId, approvalId);
      if (!approval) return undefined;
      const held =
        run?.id === approval.workflowRunId ? isOffered(approval, run) : offered(workspaceId, approval);
      return held ? structuredClone(approval) : undefined;
    },

    async stored(workspaceId, approvalId) {
      const approval = find(workspaceId, approvalId);
      return approval && structuredClone(approval);
    },

    list,

    async createdBetween(workspaceId, from, to, max) {
      const inWindow = (await list(workspaceId, undefined))
        .filter(({ createdAt }) => createdAt >= from && createdAt < to)
        .reverse();
      return { items: inWindow.length > max ? [] : inWindow, total: inWindow.length };
    },

    async page(workspaceId, pending, page, pageSize) {
      const listed = await list(workspaceId, pending);
      return { items: listed.slice((page - 1) * pageSize, page * pageSize), total: listed.length };
    },
  };
}
