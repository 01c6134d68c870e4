import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { Store } from "../../ports/store";
import { createAccountStore } from "./accounts/account-store";
import { createApiKeyStore } from "./accounts/api-key-store";
import { createInviteStore } from "./accounts/invite-store";
import { createMcpServerStore } from "./accounts/mcp-server-store";
import { createProviderStore } from "./accounts/provider-store";
import { createRateLimitStore } from "./accounts/rate-limit-store";
import { createRemoteToolStore } from "./accounts/remote-tool-store";
import { createSessionStore } from "./accounts/session-store";
import { createWorkspaceStore } from "./accounts/workspace-store";
import { createApprovalGroupStore } from "./approvals/approval-group-store";
import { createApprovalLinkKeyStore } from "./approvals/approval-link-key-store";
import { createApprovalMailStore } from "./approvals/approval-mail-store";
import { createApprovalStore } from "./approvals/approval-store";
import { createCostRollupStore } from "./costs/cost-rollup-store";
import { createCostStore } from "./costs/cost-store";
import { createWorkspaceBudgetStore } from "./costs/workspace-budget-store";
import { createDefinitionStore } from "./definitions/definition-store";
import { createRunEventOutboxStore } from "./run-events/outbox-store";
import { readRuns } from "./runs/read-run";
import { createRunStore } from "./runs/run-store";
import { createLlmCacheStore } from "./steps/llm-cache-store";
import { createReplayStore } from "./steps/replay-store";
import type { Table } from "./table/dynamo-client";
import { keys } from "./table/keys";
import { createThreadStore } from "./threads/thread-store";
import { createTriggerStore } from "./triggers/trigger-store";
import { createWebhookDeliveryStore } from "./webhooks/webhook-deliveries";
import { createWebhookStore } from "./webhooks/webhook-store";

/** The Store port over one DynamoDB table: one repository per entity, all in the same single table. */
export function createStore(table: Table): Store {
  return {
    accounts: createAccountStore(table),
    apiKeys: createApiKeyStore(table),
    approvals: createApprovalStore(table, (workspaceId, runIds) => readRuns(table, workspaceId, runIds)),
    approvalGroups: createApprovalGroupStore(table),
    approvalLinkKeys: createApprovalLinkKeyStore(table),
    approvalMail: createApprovalMailStore(table),
    costs: createCostStore(table),
    costRollups: createCostRollupStore(table),
    definitions: createDefinitionStore(table),
    invites: createInviteStore(table),
    llmProviders: createProviderStore(table),
    llmCache: createLlmCacheStore(table),
    replays: createReplayStore(table),
    rateLimits: createRateLimitStore(table),
    remoteTools: createRemoteToolStore(table),
    mcpServers: createMcpServerStore(table),
    threads: createThreadStore(table),
    runs: createRunStore(table),
    sessions: createSessionStore(table),
    triggers: createTriggerStore(table),
    workspaces: createWorkspaceStore(table),
    workspaceBudgets: createWorkspaceBudgetStore(table),
    webhooks: createWebhookStore(table),
    webhookDeliveries: createWebhookDeliveryStore(table),
    runEventOutbox: createRunEventOutboxStore(table),

    /** Resolves when the table answers a read; what /ready waits for. */
    async ping(): Promise<void> {
      await table.client.send(new GetCommand({ TableName: table.name, Key: keys.health() }));
    },
  };
}
