import { GetCommand, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { WebhookRecord } from "../../../domain/webhook";
import type { WebhookStore } from "../../../ports/store";
import { deleteIfPresent } from "../table/conditional-writes";
import type { Table } from "../table/dynamo-client";
import { queryByPrefix } from "../table/query";
import { webhookKeys } from "./webhook-keys";

/**
 * Webhook registrations, in the workspace's partition (`WS#<wsp>` / `WEBHOOK#<id>`): another workspace's id
 * cannot reach one. The secret is stored only as the key vault's ciphertext.
 */
export function createWebhookStore(table: Table): WebhookStore {
  return {
    async create(record: WebhookRecord): Promise<void> {
      await table.client.send(
        new PutCommand({
          TableName: table.name,
          Item: { ...webhookKeys.webhook(record.workspaceId, record.id), entity: "Webhook", ...record },
          ConditionExpression: "attribute_not_exists(pk)",
        }),
      );
    },

    async get(workspaceId: string, webhookId: string): Promise<WebhookRecord | undefined> {
      const { Item } = await table.client.send(
        new GetCommand({
          TableName: table.name,
          Key: webhookKeys.webhook(workspaceId, webhookId),
          ConsistentRead: true,
        }),
      );
      return Item ? WebhookRecord.parse(Item) : undefined;
    },

    /** Every webhook of the workspace, oldest first (ids are ULIDs); a handful per workspace by design. */
    async list(workspaceId: string): Promise<WebhookRecord[]> {
      const items = await queryByPrefix(
        table,
        webhookKeys.webhook(workspaceId, "").pk,
        webhookKeys.webhookPrefix,
      );
      return items.map((item) => WebhookRecord.parse(item));
    },

    /**
     * One query of the workspace's webhooks (a handful by design, each a few hundred bytes: 1 RCU), their
     * subscriptions only: what every commit that announces webhook events asks.
     */
    async subscribed(workspaceId, events) {
      const { Items } = await table.client.send(
        new QueryCommand({
          TableName: table.name,
          KeyConditionExpression: "pk = :pk AND begins_with(sk, :prefix)",
          ExpressionAttributeValues: {
            ":pk": webhookKeys.webhook(workspaceId, "").pk,
            ":prefix": webhookKeys.webhookPrefix,
          },
          ProjectionExpression: "events",
          ConsistentRead: true,
        }),
      );
      return (Items ?? []).some((item) => {
        const taken: unknown = item.events;
        return Array.isArray(taken) && taken.some((name) => events.includes(name));
      });
    },

    /**
     * Deletes the registration: one write, however many deliveries the webhook has waiting. Each pending one
     * already has a message coming (its next attempt, or the sweeper's re-send of a lost one), which finds
     * the webhook gone and cancels it. Cancelling them here would mean reading the webhook's whole delivery
     * partition, every body included, since nothing indexes a webhook's pending deliveries apart.
     * @returns false when the workspace has no such webhook.
     */
    delete(workspaceId: string, webhookId: string): Promise<boolean> {
      return deleteIfPresent(table, webhookKeys.webhook(workspaceId, webhookId));
    },
  };
}
