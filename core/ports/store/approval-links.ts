/** Each workspace's key for signing approval links, as the key vault encrypted it. */
export interface ApprovalLinkKeyStore {
  get(workspaceId: string): Promise<string | undefined>;
  /** @returns false when the workspace has a key already (a concurrent request made it first). */
  create(workspaceId: string, ciphertext: string): Promise<boolean>;
}

/** Which assignees were mailed about a request, so a repeated dispatch mails nobody twice. */
export interface ApprovalMailStore {
  wasSent(workspaceId: string, eventId: string, assignee: string): Promise<boolean>;
  /** Kept until `expiresAtMs` (the links' expiry), then forgotten. */
  markSent(workspaceId: string, eventId: string, assignee: string, expiresAtMs: number): Promise<void>;
}
