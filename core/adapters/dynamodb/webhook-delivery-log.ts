import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { WebhookDelivery } from "../../domain/webhook";
import type { Table } from "./dynamo-client";
import { webhookKeys } from "./webhook-keys";

/** Every field the delivery log shows; the body is left out of the response (not of the read cost). */
const LOG_FIELDS = [
  "id",
  "webhookId",
  "event",
  "workflowRunId",
  "status",
  "attempts",
  "attemptLog",
  "lastStatusCode",
  "lastError",
  "nextAttemptAt",
  "createdAt",
  "updatedAt",
  "deliveredAt",
  "failedAt",
];

/**
 * One page of a webhook's delivery log, newest first: `offset` deliveries are skipped by walking the
 * partition (docs/data-model.md, "Webhooks", says why), strongly consistent so a user sees an attempt as soon
 * as it is recorded.
 */
export async function pageDeliveryLog(
  table: Table,
  workspaceId: string,
  webhookId: string,
  offset: number,
  limit: number,
): Promise<WebhookDelivery[]> {
  const names = Object.fromEntries(LOG_FIELDS.map((field) => [`#${field}`, field]));
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await table.client.send(
      new QueryCommand({
        TableName: table.name,
        KeyConditionExpression: "pk = :pk AND begins_with(sk, :prefix)",
        ExpressionAttributeValues: {
          ":pk": webhookKeys.deliveryPartition(workspaceId, webhookId),
          ":prefix": webhookKeys.deliveryPrefix,
        },
        ProjectionExpression: Object.keys(names).join(", "),
        ExpressionAttributeNames: names,
        ScanIndexForward: false,
        ConsistentRead: true,
        Limit: offset + limit - items.length,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = items.length >= offset + limit ? undefined : page.LastEvaluatedKey;
  } while (startKey);
  return items.slice(offset, offset + limit).map((item) => WebhookDelivery.parse(item));
}
