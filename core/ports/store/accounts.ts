import type { AccountRecord, SessionRecord } from "../../domain/account";
import type { ApiKeyRecord } from "../../domain/api-key";
import type { InviteRecord } from "../../domain/invite";
import type {
  StoredWorkflowDefinition,
  WorkflowDefinitionSummary,
} from "../../domain/workflow-definition-record";
import type { WorkspaceRecord } from "../../domain/workspace";

export interface DefinitionStore {
  create(definition: StoredWorkflowDefinition): Promise<void>;
  get(workspaceId: string, definitionId: string): Promise<StoredWorkflowDefinition | undefined>;
  /** Oldest first. */
  list(workspaceId: string): Promise<StoredWorkflowDefinition[]>;
  /**
   * At most `limit` definitions without their steps, oldest first, from the one after the definition
   * `after` (by id; from the first without it); `next` is the last one's id when more follow. Reads
   * `limit + 1` definitions at most, whatever the workspace holds.
   */
  page(
    workspaceId: string,
    page: { after?: string | undefined; limit: number },
  ): Promise<{ definitions: WorkflowDefinitionSummary[]; next?: string }>;
  /**
   * The newest definition (the last created) of the workflow `name`, of `version` when given, without its
   * steps; undefined when there is none. Reads the workspace's definitions from the newest down to it.
   */
  latest(workspaceId: string, name: string, version?: string): Promise<WorkflowDefinitionSummary | undefined>;
}

export interface InviteRedemption {
  codeHash: string;
  accountId: string;
  /** Also the moment the invite must still be valid at. */
  usedAt: string;
}

export interface NewAccount {
  account: AccountRecord;
  workspace: WorkspaceRecord;
  apiKey: ApiKeyRecord;
  /** SIGNUP_MODE=invite: the invite this sign-up uses up, in the same commit. */
  invite?: InviteRedemption;
}

export interface AccountStore {
  /**
   * Sign-up all at once: the account, its first workspace and that workspace's first API key.
   * @throws ConflictError when the email or the workspace slug is taken; the invite's error when the
   * invite was used or expired meanwhile.
   */
  createWithWorkspace(account: NewAccount): Promise<void>;
  findByEmail(email: string): Promise<AccountRecord | undefined>;
  get(accountId: string): Promise<AccountRecord | undefined>;
  isMember(accountId: string, workspaceId: string): Promise<boolean>;
  /** Oldest first. */
  workspaces(accountId: string): Promise<WorkspaceRecord[]>;
}

export interface SessionStore {
  create(tokenHash: string, session: SessionRecord): Promise<void>;
  /** Expired or not: the caller compares `expiresAt`. */
  get(tokenHash: string): Promise<SessionRecord | undefined>;
  delete(tokenHash: string): Promise<void>;
}

export interface InviteStore {
  create(codeHash: string, invite: InviteRecord): Promise<void>;
  get(codeHash: string): Promise<InviteRecord | undefined>;
}

export interface ApiKeyLookup {
  workspaceId: string;
  apiKeyId: string;
  lastUsedAt: string | null;
}

export interface ApiKeyStore {
  create(record: ApiKeyRecord): Promise<void>;
  list(workspaceId: string): Promise<ApiKeyRecord[]>;
  /** Strongly consistent: undefined once revoked. */
  get(workspaceId: string, apiKeyId: string): Promise<ApiKeyRecord | undefined>;
  /** Strongly consistent, so a revocation takes effect on the next request. */
  findByHash(keyHash: string): Promise<ApiKeyLookup | undefined>;
  /** Records a use at `usedAt` unless one was recorded after `notBefore`. */
  recordUse(keyHash: string, lookup: ApiKeyLookup, usedAt: string, notBefore: string): Promise<void>;
  /** @returns false when the workspace has no such key. */
  revoke(workspaceId: string, apiKeyId: string): Promise<boolean>;
}

export interface WorkspaceStore {
  /** @throws ConflictError when the slug is taken, including by a concurrent creation. */
  create(workspace: WorkspaceRecord): Promise<void>;
  get(workspaceId: string): Promise<WorkspaceRecord | undefined>;
}

export interface RateLimitStore {
  /** Adds `requests` to the window's count and returns the count including them, from every instance. */
  increment(scope: string, windowStartMs: number, expiresAtMs: number, requests: number): Promise<number>;
}
