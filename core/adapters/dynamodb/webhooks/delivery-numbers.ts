import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { isConditionFailure } from "../table/conditions";
import type { Table } from "../table/dynamo-client";
import { webhookKeys } from "./webhook-keys";

/**
 * A webhook's delivery numbers, kept on the webhook item (docs/data-model.md, "Webhooks"): `deliveryCount`
 * is the last number taken, `deliveryGaps` the numbers given up (no delivery holds them), and `numberedFrom`
 * the count before the first numbered delivery: deliveries at or below it were created before deliveries
 * were numbered and are listed by their key instead.
 */
export interface DeliveryCounter {
  count: number;
  /** Highest first. */
  gaps: number[];
  numberedFrom: number;
}

const webhookKey = (workspaceId: string, webhookId: string) => webhookKeys.webhook(workspaceId, webhookId);

/**
 * Takes the next delivery number with an atomic `ADD`, outside any transaction, so concurrent dispatches to
 * one webhook neither wait on each other nor retry. The condition keeps a webhook deleted or deactivated
 * meanwhile from getting one (and `ADD` from creating a stub item for a deleted one).
 * @returns undefined when the webhook is gone or inactive.
 */
export async function takeDeliveryNumber(
  table: Table,
  workspaceId: string,
  webhookId: string,
): Promise<number | undefined> {
  try {
    const { Attributes } = await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: webhookKey(workspaceId, webhookId),
        // The first numbered delivery records how many came before it (SET reads the count before the ADD).
        UpdateExpression:
          "ADD deliveryCount :one SET numberedFrom = if_not_exists(numberedFrom, deliveryCount)",
        ConditionExpression: "attribute_exists(pk) AND isActive = :true",
        ExpressionAttributeValues: { ":one": 1, ":true": true },
        ReturnValues: "UPDATED_NEW",
      }),
    );
    return Number(Attributes?.deliveryCount);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** Gives a number up: no delivery will hold it, so the log skips it and `total` leaves it out. */
export async function giveUpDeliveryNumber(
  table: Table,
  workspaceId: string,
  webhookId: string,
  number: number,
): Promise<void> {
  try {
    await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: webhookKey(workspaceId, webhookId),
        UpdateExpression: "ADD deliveryGaps :number",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeValues: { ":number": new Set([number]) },
      }),
    );
  } catch (error) {
    // The webhook was deleted meanwhile: its log is gone with it.
    if (!isConditionFailure(error)) throw error;
  }
}

/** The webhook's delivery counter, strongly consistent; undefined when there is no such webhook. */
export async function readDeliveryCounter(
  table: Table,
  workspaceId: string,
  webhookId: string,
): Promise<DeliveryCounter | undefined> {
  const { Item } = await table.client.send(
    new GetCommand({
      TableName: table.name,
      Key: webhookKey(workspaceId, webhookId),
      ProjectionExpression: "deliveryCount, deliveryGaps, numberedFrom",
      ConsistentRead: true,
    }),
  );
  if (!Item) return undefined;
  const count = Number(Item.deliveryCount ?? 0);
  const gaps = Item.deliveryGaps instanceof Set ? [...(Item.deliveryGaps as Set<number>)].map(Number) : [];
  return {
    count,
    gaps: gaps.sort((a, b) => b - a),
    numberedFrom: typeof Item.numberedFrom === "number" ? Item.numberedFrom : count,
  };
}
