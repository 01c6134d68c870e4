import type { ApprovalGroup } from "../../domain/approval-group";

export interface ApprovalGroupStore {
  /** Creates the group or replaces its members; `createdAt` is kept from the first put. */
  put(workspaceId: string, group: ApprovalGroup): Promise<ApprovalGroup>;
  get(workspaceId: string, name: string): Promise<ApprovalGroup | undefined>;
  /** By name. */
  list(workspaceId: string): Promise<ApprovalGroup[]>;
  /** @returns false when there was no such group. */
  delete(workspaceId: string, name: string): Promise<boolean>;
}
