/**
 * An operator's list of workspaces (SERVER_PROVIDER_KEYS, APPROVAL_MAIL in core/config.ts): "all", or the
 * ids it names ("none" is the empty list).
 */
export type WorkspaceList = "all" | readonly string[];

export function listsWorkspace(list: WorkspaceList, workspaceId: string): boolean {
  return list === "all" || list.includes(workspaceId);
}
