/** Each workspace's key for signing approval links, as the key vault encrypted it. */
export interface ApprovalLinkKeyStore {
  get(workspaceId: string): Promise<string | undefined>;
  /** @returns false when the workspace has a key already (a concurrent request made it first). */
  create(workspaceId: string, ciphertext: string): Promise<boolean>;
}
