import type { AccountRecord, SessionRecord } from "../domain/account";
import type { ApiKeyRecord } from "../domain/api-key";
import type { ApprovalRequest } from "../domain/approval";
import type { AttemptCost, DayModelTotals, ModelTotals } from "../domain/cost-record";
import type { InviteRecord } from "../domain/invite";
import type { ProviderRecord } from "../domain/provider-config";
import type { RemoteToolRecord } from "../domain/remote-tool";
import type { StepRun } from "../domain/run";
import type { RunCommit, StoredEvent } from "../domain/run-change";
import type { RunRecord } from "../domain/run-record";
import type { RunStatus } from "../domain/statuses";
import type { DeliveryAttempt, DeliveryRecord, WebhookDelivery, WebhookRecord } from "../domain/webhook";
import type { StoredWorkflowDefinition } from "../domain/workflow-definition-record";
import type { WorkspaceRecord } from "../domain/workspace";

/**
 * The store as the core sees it: domain operations on domain records, never items, keys or SDK types.
 * Its one real implementation is DynamoDB single-table (core/adapters/dynamodb/); an in-memory one exists
 * for the simulation harness only, and one contract suite holds both to the semantics written here.
 *
 * A conditional write that loses is an answer, not an error: operations that can lose say so in their
 * result type. Errors thrown are the store being unwell, or BoundExceeded (ITEM_TOO_LARGE) for data no
 * retry can store.
 */
export interface Store {
  runs: RunStore;
  approvals: ApprovalStore;
  costs: CostStore;
  costRollups: CostRollupStore;
  definitions: DefinitionStore;
  accounts: AccountStore;
  sessions: SessionStore;
  invites: InviteStore;
  apiKeys: ApiKeyStore;
  workspaces: WorkspaceStore;
  rateLimits: RateLimitStore;
  llmProviders: ProviderStore;
  remoteTools: RemoteToolStore;
  webhooks: WebhookStore;
  webhookDeliveries: WebhookDeliveryStore;
  webhookOutbox: WebhookOutboxStore;
  /** How many shards the sweep indexes (runs, webhook outbox) are split into; sweepers visit each. */
  sweepShards: number;
  /** Resolves when the store answers a read; what /ready waits for. */
  ping(): Promise<void>;
}

/**
 * The part of the store that runs live in: what the engine, the commit pipeline and the run operations
 * use, and what the in-memory adapter of the simulation harness implements.
 */
export type RunsStore = Pick<
  Store,
  "runs" | "approvals" | "costs" | "costRollups" | "definitions" | "sweepShards"
>;

// ---------------------------------------------------------------------------------------------------------
// Runs: the only way a run changes is `commit`, all or nothing.

/**
 * One change of one run, with what must be written in the same atomic commit: the run's transition (its new
 * record, events and step-run snapshots, written only if the run is still at `expectedVersion`), approval
 * requests opened or settled by it, and the cost of the attempt it ends.
 */
export interface RunChange {
  commit: RunCommit;
  /** A request the change opens (an approval step starting to wait). */
  openApproval?: ApprovalRequest;
  /**
   * A request the change decides or expires. It must still be undecided and unexpired when the change
   * commits: of two decisions, one commits and the other gets a conflict.
   */
  settleApproval?: ApprovalRequest;
  /** The model calls of the attempt the change ends, stored whatever the attempt came to. */
  cost?: AttemptCost;
}

export type CommitOutcome = { kind: "committed" } | { kind: "conflict" };

/**
 * A new run, numbered by the store among its workspace's and its definition's runs (for paging), with its
 * idempotency key claimed, and the runs it supersedes changed, all in one commit.
 *
 * `supersede` is asked for those changes only once the store has fixed the creation's place among the
 * workspace's runs: a run created after that place makes this creation conflict, so of two creations
 * racing on one supersession key, the later always sees (and supersedes) the earlier.
 */
export interface RunCreation {
  run: Omit<RunRecord, "seq" | "defSeq">;
  supersede: () => Promise<RunChange[]>;
}

export type CreateOutcome =
  | { kind: "created"; run: RunRecord }
  /** Another creation holds the idempotency key: the run it created. */
  | { kind: "idempotent"; runId: string }
  /** A superseded run moved, or a concurrent creation took the same numbers: read again and retry. */
  | { kind: "conflict" };

export interface RunFilters {
  status?: RunStatus;
  definitionId?: string;
  supersessionKey?: string;
}

export interface Page<T> {
  items: T[];
  total: number;
}

export interface RunRef {
  workspaceId: string;
  runId: string;
}

export interface RunStore {
  /** Strongly consistent: the record every decision about the run is made from. */
  get(workspaceId: string, runId: string): Promise<RunRecord | undefined>;
  create(creation: RunCreation): Promise<CreateOutcome>;
  commit(change: RunChange): Promise<CommitOutcome>;
  runIdForIdempotencyKey(workspaceId: string, idempotencyKey: string): Promise<string | undefined>;
  /** Newest first, 1-based pages; `total` counts the whole list. */
  list(workspaceId: string, filters: RunFilters, page: number, pageSize: number): Promise<Page<RunRecord>>;
  /** The runs that share a supersession key (any status); a run created a moment ago may be missing. */
  withSupersessionKey(workspaceId: string, supersessionKey: string): Promise<RunRecord[]>;
  /** Every step run of the run, in the order they were started, each in its latest state. */
  stepRuns(run: RunRecord): Promise<StepRun[]>;
  /** Events `fromSeq`..`toSeq` (inclusive, 1-based), oldest first; the cost follows the page. */
  events(run: RunRecord, fromSeq: number, toSeq: number): Promise<StoredEvent[]>;
  /** Runs of one sweep shard whose next due time is at or before `dueBy`, at most `limit`. */
  overdue(shard: number, dueBy: string, limit: number): Promise<RunRef[]>;
}

export interface ApprovalStore {
  get(workspaceId: string, approvalId: string): Promise<ApprovalRequest | undefined>;
  /** Newest first. `pending` true: undecided and unexpired; false: decided; undefined: all. */
  list(workspaceId: string, pending: boolean | undefined): Promise<ApprovalRequest[]>;
}

// ---------------------------------------------------------------------------------------------------------
// Cost

export type RollupResult = "rolled-up" | "already" | "conflict";

export interface CostStore {
  /** Records costs outside a run's commit: for calls whose attempt lost its commit, since they were paid for. */
  put(cost: AttemptCost): Promise<void>;
  /** Every cost record of a run, oldest attempt first. */
  forRun(workspaceId: string, runId: string): Promise<AttemptCost[]>;
  /** Cost records not yet rolled up (normally none: each is rolled up right after its commit). */
  pending(workspaceId: string, limit: number): Promise<AttemptCost[]>;
  /** Cost records whose first call was on one of `days`; calls of a record may run past midnight. */
  firstCalledOn(workspaceId: string, days: readonly string[]): Promise<AttemptCost[]>;
}

export interface CostRollupStore {
  /** Marks the run as having calls on each day of the record's calls, and counts it once all-time. */
  markRun(cost: AttemptCost): Promise<RollupResult>;
  /** Adds the record's calls to the day/model and all-time rollups, once whoever tries. */
  rollUp(cost: AttemptCost, now: string): Promise<RollupResult>;
  days(
    workspaceId: string,
    fromDay: string,
    toDay: string,
  ): Promise<{ models: ModelTotals[]; runIds: string[] }>;
  dayModels(workspaceId: string, fromDay: string, toDay: string): Promise<DayModelTotals[]>;
  allTime(workspaceId: string): Promise<{ models: ModelTotals[]; totalRuns: number }>;
}

// ---------------------------------------------------------------------------------------------------------
// Definitions, accounts, keys, workspaces

export interface DefinitionStore {
  create(definition: StoredWorkflowDefinition): Promise<void>;
  get(workspaceId: string, definitionId: string): Promise<StoredWorkflowDefinition | undefined>;
  /** Oldest first. */
  list(workspaceId: string): Promise<StoredWorkflowDefinition[]>;
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

// ---------------------------------------------------------------------------------------------------------
// LLM providers and remote tools

export interface ProviderStore {
  get(workspaceId: string, provider: string): Promise<ProviderRecord | undefined>;
  list(workspaceId: string): Promise<ProviderRecord[]>;
  /** @returns false when the provider already exists. */
  create(record: ProviderRecord): Promise<boolean>;
  /** @returns false when it does not exist. */
  update(record: ProviderRecord): Promise<boolean>;
  /** All or none; @returns the index of a provider not configured, or undefined when all were set. */
  setPriorities(
    workspaceId: string,
    priorities: readonly { provider: string; priority: number }[],
    now: string,
  ): Promise<number | undefined>;
  delete(workspaceId: string, provider: string): Promise<boolean>;
}

export interface RemoteToolStore {
  /** @returns false when the workspace already has a tool of that name. */
  create(record: RemoteToolRecord): Promise<boolean>;
  list(workspaceId: string): Promise<RemoteToolRecord[]>;
  byName(workspaceId: string, name: string): Promise<RemoteToolRecord | undefined>;
  delete(workspaceId: string, toolId: string): Promise<boolean>;
}

// ---------------------------------------------------------------------------------------------------------
// Webhooks

export interface WebhookStore {
  create(record: WebhookRecord): Promise<void>;
  get(workspaceId: string, webhookId: string): Promise<WebhookRecord | undefined>;
  /** Oldest first. */
  list(workspaceId: string): Promise<WebhookRecord[]>;
  /** One write, however many deliveries wait: each finds the webhook gone when its message comes. */
  delete(workspaceId: string, webhookId: string): Promise<boolean>;
}

export interface StoredDelivery extends DeliveryRecord {
  /** Set while an attempt is in progress: until then, no other worker may make it. */
  claimUntilMs: number | null;
}

export type DeliveryCreateOutcome = "created" | "exists" | "webhook-gone";
export type ClaimOutcome = "claimed" | "taken" | "webhook-gone";
export type AttemptOutcome =
  | { status: "delivered" }
  | { status: "failed" }
  | { status: "pending"; nextAttemptAtMs: number };

export interface WebhookDeliveryStore {
  create(record: DeliveryRecord): Promise<DeliveryCreateOutcome>;
  get(workspaceId: string, webhookId: string, deliveryId: string): Promise<StoredDelivery | undefined>;
  claim(
    delivery: StoredDelivery,
    attempt: number,
    nowMs: number,
    claimUntilMs: number,
  ): Promise<ClaimOutcome>;
  /** @returns false when the claim was lost. */
  recordAttempt(
    delivery: StoredDelivery,
    claimUntilMs: number,
    entry: DeliveryAttempt,
    outcome: AttemptOutcome,
    now: string,
  ): Promise<boolean>;
  cancel(delivery: Pick<DeliveryRecord, "workspaceId" | "webhookId" | "id">, now: string): Promise<void>;
  /** One page of a webhook's delivery log, newest first. */
  page(workspaceId: string, webhookId: string, offset: number, limit: number): Promise<WebhookDelivery[]>;
}

export type WebhookSweepEntry =
  | { kind: "outbox"; workspaceId: string; runId: string; journalSeq: number; dueAt: string }
  | {
      kind: "delivery";
      workspaceId: string;
      webhookId: string;
      deliveryId: string;
      attempt: number;
      dueAt: string;
    };

export interface WebhookOutboxStore {
  /** A commit's events, and whether its outbox entry is still there (undefined: no such commit). */
  journal(
    workspaceId: string,
    runId: string,
    journalSeq: number,
  ): Promise<{ events: StoredEvent[]; pending: boolean } | undefined>;
  /** Removes the outbox entry once every delivery of the commit exists. */
  clear(workspaceId: string, runId: string, journalSeq: number): Promise<void>;
  dueForSweep(shard: number, dueBy: string, limit: number): Promise<WebhookSweepEntry[]>;
}
