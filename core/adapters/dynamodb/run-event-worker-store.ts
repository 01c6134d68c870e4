import { loadOnce } from "../../domain/load-once";
import type { RunEventWorkerStore } from "../../ports/store";
import { createRateLimitStore } from "./accounts/rate-limit-store";
import { createApprovalGroupStore } from "./approvals/approval-group-store";
import { createApprovalLinkKeyStore } from "./approvals/approval-link-key-store";
import { createApprovalMailStore } from "./approvals/approval-mail-store";
import { createApprovalStore } from "./approvals/approval-store";
import { createDefinitionStore } from "./definitions/definition-store";
import { createRunEventOutboxStore } from "./run-events/outbox-store";
import { getRun, readRuns } from "./runs/read-run";
import type { Table } from "./table/dynamo-client";
import { createWebhookDeliveryStore } from "./webhooks/webhook-deliveries";
import { createWebhookStore } from "./webhooks/webhook-store";

/**
 * The run-event function's store: the repositories its worker uses, built as createStore builds them, so that
 * function's bundle loads none of the others (accounts, costs, triggers, …) nor the schemas of their records.
 */
export function createRunEventWorkerStore(table: Table): RunEventWorkerStore {
  // Read only to mail members alone (MAIL_RECIPIENTS=members): loaded then, so the cold start carries none
  // of the accounts' code.
  const accounts = loadOnce(async () => (await import("./accounts/account-store")).createAccountStore(table));
  return {
    accounts: {
      findByEmail: async (email) => (await accounts()).findByEmail(email),
      isMember: async (accountId, workspaceId) => (await accounts()).isMember(accountId, workspaceId),
    },
    approvals: createApprovalStore(table, (workspaceId, runIds) => readRuns(table, workspaceId, runIds)),
    approvalGroups: createApprovalGroupStore(table),
    approvalLinkKeys: createApprovalLinkKeyStore(table),
    approvalMail: createApprovalMailStore(table),
    definitions: createDefinitionStore(table),
    rateLimits: createRateLimitStore(table),
    runs: { get: (workspaceId, runId) => getRun(table, workspaceId, runId) },
    webhooks: createWebhookStore(table),
    webhookDeliveries: createWebhookDeliveryStore(table),
    runEventOutbox: createRunEventOutboxStore(table),
  };
}
