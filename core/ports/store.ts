import type {
  AccountStore,
  ApiKeyStore,
  DefinitionStore,
  InviteStore,
  RateLimitStore,
  SessionStore,
  WorkspaceStore,
} from "./store/accounts";
import type { ApprovalGroupStore } from "./store/approval-groups";
import type { ApprovalLinkKeyStore, ApprovalMailStore } from "./store/approval-links";
import type { WorkspaceBudgetStore } from "./store/budgets";
import type { CostRollupStore, CostStore } from "./store/costs";
import type { McpServerStore, ProviderStore, RemoteToolStore } from "./store/integrations";
import type { LlmCacheStore } from "./store/llm-cache";
import type { ReplayStore } from "./store/replays";
import type { RunEventOutboxStore } from "./store/run-events";
import type { ApprovalStore, RunStore } from "./store/runs";
import type { ThreadStore } from "./store/threads";
import type { TriggerStore } from "./store/triggers";
import type { WebhookDeliveryStore, WebhookStore } from "./store/webhooks";

export type * from "./store/accounts";
export type * from "./store/approval-groups";
export type * from "./store/approval-links";
export type * from "./store/budgets";
export type * from "./store/costs";
export type * from "./store/integrations";
export type * from "./store/llm-cache";
export type * from "./store/replays";
export type * from "./store/run-events";
export type * from "./store/runs";
export type * from "./store/threads";
export type * from "./store/triggers";
export type * from "./store/webhooks";

/**
 * The store as the core sees it: domain operations on domain records, never items, keys or SDK types.
 * Its one real implementation is core/adapters/dynamodb/; an in-memory one exists
 * for the simulation harness only, and one contract suite holds both to the semantics written here.
 *
 * A conditional write that loses is an answer, not an error: operations that can lose say so in their
 * result type. Errors thrown are the store being unwell, or BoundExceeded (ITEM_TOO_LARGE) for data no
 * retry can store.
 */
export interface Store {
  runs: RunStore;
  triggers: TriggerStore;
  approvals: ApprovalStore;
  approvalGroups: ApprovalGroupStore;
  approvalLinkKeys: ApprovalLinkKeyStore;
  approvalMail: ApprovalMailStore;
  costs: CostStore;
  costRollups: CostRollupStore;
  workspaceBudgets: WorkspaceBudgetStore;
  definitions: DefinitionStore;
  accounts: AccountStore;
  sessions: SessionStore;
  invites: InviteStore;
  apiKeys: ApiKeyStore;
  workspaces: WorkspaceStore;
  rateLimits: RateLimitStore;
  llmProviders: ProviderStore;
  llmCache: LlmCacheStore;
  replays: ReplayStore;
  remoteTools: RemoteToolStore;
  mcpServers: McpServerStore;
  threads: ThreadStore;
  webhooks: WebhookStore;
  webhookDeliveries: WebhookDeliveryStore;
  runEventOutbox: RunEventOutboxStore;
  /** Resolves when the store answers a read; what /ready waits for. */
  ping(): Promise<void>;
}

/**
 * The part of the store that runs live in: what the engine, the commit pipeline and the run operations
 * use, and what the in-memory adapter of the simulation harness implements.
 */
export type RunsStore = Pick<
  Store,
  "runs" | "triggers" | "approvals" | "costs" | "costRollups" | "definitions"
> & { webhooks: Pick<WebhookStore, "subscribed"> };

/**
 * What the two sweepers read (core/engine/sweeper.ts, core/run-events/sweeper.ts): the sweep index's
 * overdue runs, and the run-event outbox's overdue dispatches and webhook attempts. The sweeper function is
 * given no more of the store.
 */
export interface SweepStore {
  runs: Pick<RunStore, "overdue">;
  runEventOutbox: Pick<RunEventOutboxStore, "dueForSweep">;
}

/**
 * What the run-event worker (core/run-events/worker.ts) reads and writes: dispatching a commit's events to
 * approver mail and webhook deliveries, and making delivery attempts. Its function is given no more of the
 * store.
 */
export type RunEventWorkerStore = Pick<
  Store,
  | "runEventOutbox"
  | "webhooks"
  | "webhookDeliveries"
  | "approvals"
  | "approvalGroups"
  | "approvalLinkKeys"
  | "approvalMail"
  | "definitions"
  | "rateLimits"
> & { runs: Pick<RunStore, "get">; accounts: Pick<AccountStore, "findByEmail" | "isMember"> };
