import type { WebhookWorkerStore } from "../../ports/store";
import { createApprovalGroupStore } from "./approval-group-store";
import { createApprovalLinkKeyStore } from "./approval-link-key-store";
import { createApprovalMailStore } from "./approval-mail-store";
import { createApprovalStore } from "./approval-store";
import { createDefinitionStore } from "./definition-store";
import type { Table } from "./dynamo-client";
import { getRun } from "./read-run";
import { createWebhookDeliveryStore } from "./webhook-deliveries";
import { createWebhookOutboxStore } from "./webhook-outbox";
import { createWebhookStore } from "./webhook-store";

/**
 * The webhook function's store: the repositories its worker uses, built as createStore builds them, so that
 * function's bundle loads none of the others (accounts, costs, triggers, …) nor the schemas of their records.
 */
export function createWebhookWorkerStore(table: Table): WebhookWorkerStore {
  return {
    approvals: createApprovalStore(table),
    approvalGroups: createApprovalGroupStore(table),
    approvalLinkKeys: createApprovalLinkKeyStore(table),
    approvalMail: createApprovalMailStore(table),
    definitions: createDefinitionStore(table),
    runs: { get: (workspaceId, runId) => getRun(table, workspaceId, runId) },
    webhooks: createWebhookStore(table),
    webhookDeliveries: createWebhookDeliveryStore(table),
    webhookOutbox: createWebhookOutboxStore(table),
  };
}
