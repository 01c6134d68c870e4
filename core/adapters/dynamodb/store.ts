import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { Store } from "../../ports/store";
import { createAccountStore } from "./account-store";
import { createApiKeyStore } from "./api-key-store";
import { createApprovalGroupStore } from "./approval-group-store";
import { createApprovalLinkKeyStore } from "./approval-link-key-store";
import { createApprovalMailStore } from "./approval-mail-store";
import { createApprovalStore } from "./approval-store";
import { createCostRollupStore } from "./cost-rollup-store";
import { createCostStore } from "./cost-store";
import { createDefinitionStore } from "./definition-store";
import type { Table } from "./dynamo-client";
import { SWEEP_SHARDS } from "./index-keys";
import { createInviteStore } from "./invite-store";
import { keys } from "./keys";
import { createLlmCacheStore } from "./llm-cache-store";
import { createProviderStore } from "./provider-store";
import { createRateLimitStore } from "./rate-limit-store";
import { createRemoteToolStore } from "./remote-tool-store";
import { createReplayStore } from "./replay-store";
import { createRunStore } from "./run-store";
import { createSessionStore } from "./session-store";
import { createTriggerStore } from "./trigger-store";
import { createWebhookDeliveryStore } from "./webhook-deliveries";
import { createWebhookOutboxStore } from "./webhook-outbox";
import { createWebhookStore } from "./webhook-store";
import { createWorkspaceBudgetStore } from "./workspace-budget-store";
import { createWorkspaceStore } from "./workspace-store";

/** The Store port over one DynamoDB table: one repository per entity, all in the same single table. */
export function createStore(table: Table): Store {
  return {
    accounts: createAccountStore(table),
    apiKeys: createApiKeyStore(table),
    approvals: createApprovalStore(table),
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
    runs: createRunStore(table),
    sessions: createSessionStore(table),
    triggers: createTriggerStore(table),
    workspaces: createWorkspaceStore(table),
    workspaceBudgets: createWorkspaceBudgetStore(table),
    webhooks: createWebhookStore(table),
    webhookDeliveries: createWebhookDeliveryStore(table),
    webhookOutbox: createWebhookOutboxStore(table),
    sweepShards: SWEEP_SHARDS,

    /** Resolves when the table answers a read; what /ready waits for. */
    async ping(): Promise<void> {
      await table.client.send(new GetCommand({ TableName: table.name, Key: keys.health() }));
    },
  };
}
