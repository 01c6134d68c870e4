import type { ApprovalStore } from "../../ports/store";
import { approvalSlot } from "./run-change";
import { byKey, type MemoryState } from "./state";

/** Approval requests, written only by run changes (run-change.ts); read newest first like the adapter's index. */
export function createMemoryApprovals(state: MemoryState): ApprovalStore {
  return {
    async get(workspaceId, approvalId) {
      return structuredClone(state.approvals.get(approvalSlot(workspaceId, approvalId))?.approval);
    },

    async list(workspaceId, pending) {
      const listed = [...state.approvals.values()]
        .filter((stored) => stored.workspaceId === workspaceId)
        .map((stored) => stored.approval)
        .filter(({ decision, expiredAt }) =>
          pending === undefined ? true : pending ? !decision && !expiredAt : Boolean(decision),
        )
        .sort((a, b) => byKey(`${b.createdAt}#${b.id}`, `${a.createdAt}#${a.id}`));
      return structuredClone(listed);
    },
  };
}
