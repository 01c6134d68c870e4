import { loadOnce } from "../../domain/load-once";
import type { WebhookWorkerStore } from "../../ports/store";
import { createApprovalGroupStore } from "./approval-group-store";
import { createApprovalLinkKeyStore } from "./approval-link-key-store";
import { createApprovalMailStore } from "./approval-mail-store";
import { createApprovalStore } from "./approval-store";
import { createDefinitionStore } from "./definition-store";
import type { Table } from "./dynamo-client";
import { createRateLimitStore } from "./rate-limit-store";
import { getRun } from "./read-run";
import { createWebhookDeliveryStore } from "./webhook-deliveries";
import { createWebhookOutboxStore } from "./webhook-outbox";
import { createWebhookStore } from "./webhook-store";

/**
 * The webhook function's store: the repositories its worker uses, built as createStore builds them, so that
 * function's bundle loads none of the others (accounts, costs, triggers, …) nor the schemas of their records.
 */
export function createWebhookWorkerStore(table: Table): WebhookWorkerStore {
  // Read only to mail members alone (MAIL_RECIPIENTS=members): loaded then, so the cold start carries none
  // of the accounts' code.
  const accounts = loadOnce(async () => (await import("./account-store")).createAccountStore(table));
  return {
    accounts: {
      findByEmail: async (email) => (await accounts()).findByEmail(email),
      isMember: async (accountId, workspaceId) => (await accounts()).isMember(accountId, workspaceId),
    },
    approvals: createApprovalStore(table),
    approvalGroups: createApprovalGroupStore(table),
    approvalLinkKeys: createApprovalLinkKeyStore(table),
    approvalMail: createApprovalMailStore(table),
    definitions: createDefinitionStore(table),
    rateLimits: createRateLimitStore(table),
    runs: { get: (workspaceId, runId) => getRun(table, workspaceId, runId) },
    webhooks: createWebhookStore(table),
    webhookDeliveries: createWebhookDeliveryStore(table),
    webhookOutbox: createWebhookOutboxStore(table),
  };
}
