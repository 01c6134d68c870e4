import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { createAccountStore } from "./account-store";
import { createApiKeyStore } from "./api-key-store";
import { createApprovalStore } from "./approval-store";
import { createCostRollupStore } from "./cost-rollup-store";
import { createCostStore } from "./cost-store";
import { createDefinitionStore } from "./definition-store";
import type { Table } from "./dynamo-client";
import { createInviteStore } from "./invite-store";
import { keys } from "./keys";
import { createProviderStore } from "./provider-store";
import { createRateLimitStore } from "./rate-limit-store";
import { createRemoteToolStore } from "./remote-tool-store";
import { createRunCreationStore } from "./run-creation";
import { createRunListStore } from "./run-lists";
import { createRunStore } from "./run-store";
import { createSessionStore } from "./session-store";
import { createWebhookDeliveryStore } from "./webhook-deliveries";
import { createWebhookOutboxStore } from "./webhook-outbox";
import { createWebhookStore } from "./webhook-store";
import { createWorkspaceStore } from "./workspace-store";

/** The store port: one repository per entity, all over the same single table. */
export function createStore(table: Table) {
  return {
    accounts: createAccountStore(table),
    apiKeys: createApiKeyStore(table),
    approvals: createApprovalStore(table),
    costs: createCostStore(table),
    costRollups: createCostRollupStore(table),
    definitions: createDefinitionStore(table),
    invites: createInviteStore(table),
    llmProviders: createProviderStore(table),
    rateLimits: createRateLimitStore(table),
    remoteTools: createRemoteToolStore(table),
    runs: createRunStore(table),
    runCreation: createRunCreationStore(table),
    runLists: createRunListStore(table),
    sessions: createSessionStore(table),
    workspaces: createWorkspaceStore(table),
    webhooks: createWebhookStore(table),
    webhookDeliveries: createWebhookDeliveryStore(table),
    webhookOutbox: createWebhookOutboxStore(table),

    /** Resolves when the table answers a read; what /ready waits for. */
    async ping(): Promise<void> {
      await table.client.send(new GetCommand({ TableName: table.name, Key: keys.health() }));
    },
  };
}
export type Store = ReturnType<typeof createStore>;
