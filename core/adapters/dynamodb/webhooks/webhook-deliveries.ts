import { GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { isoAt } from "../../../domain/time";
import { type DeliveryAttempt, type DeliveryRecord, WebhookDelivery } from "../../../domain/webhook";
import type {
  AttemptOutcome,
  ClaimOutcome,
  DeliveryCreateOutcome,
  StoredDelivery,
  WebhookDeliveryStore,
} from "../../../ports/store";
import { isConditionFailure } from "../table/conditions";
import type { Table } from "../table/dynamo-client";
import { giveUpDeliveryNumber, takeDeliveryNumber } from "./delivery-numbers";
import { pageDeliveryLog } from "./webhook-delivery-log";
import { deliverySweepKeys, webhookKeys } from "./webhook-keys";

export function createWebhookDeliveryStore(table: Table): WebhookDeliveryStore {
  const key = (d: Pick<DeliveryRecord, "workspaceId" | "webhookId" | "id">) =>
    webhookKeys.delivery(d.workspaceId, d.webhookId, d.id);

  /** A plain put: writing an entry again writes the same item. */
  const putLogEntry = (record: DeliveryRecord, number: number) =>
    table.client.send(
      new PutCommand({
        TableName: table.name,
        Item: {
          ...webhookKeys.logEntry(record.workspaceId, record.webhookId, number),
          entity: "WebhookLogEntry",
          id: record.id,
        },
      }),
    );

  return {
    /**
     * Takes the delivery's number in its webhook's log (an atomic `ADD`, which also checks the webhook still
     * exists and is active), puts the delivery with that number and its first attempt claimed, then its log
     * entry. It has no sweep entry: until its attempt is recorded, its commit's outbox entry is what brings a
     * dispatch back (dispatch.ts). The delivery's id is deterministic, so a repeated
     * dispatch finds it there ("exists"), gives its new number up and writes the log entry of the number the
     * delivery holds (a dispatcher that died between the two puts left it missing; the sweeper's re-dispatch
     * repairs it). A webhook deleted or deactivated before the `ADD` gets "webhook-gone" and no delivery.
     */
    async create(record: DeliveryRecord, claimUntilMs: number): Promise<DeliveryCreateOutcome> {
      const number = await takeDeliveryNumber(table, record.workspaceId, record.webhookId);
      if (number === undefined) return "webhook-gone";
      try {
        await table.client.send(
          new PutCommand({
            TableName: table.name,
            Item: {
              ...key(record),
              entity: "WebhookDelivery",
              ...record,
              logNumber: number,
              claimUntilMs,
            },
            ConditionExpression: "attribute_not_exists(pk)",
          }),
        );
        await putLogEntry(record, number);
        return "created";
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      // The put may have landed on a try whose answer was lost: then the delivery holds this very number.
      const { Item } = await table.client.send(
        new GetCommand({
          TableName: table.name,
          Key: key(record),
          ProjectionExpression: "logNumber",
          ConsistentRead: true,
        }),
      );
      const held = typeof Item?.logNumber === "number" ? Item.logNumber : undefined;
      if (held !== number) await giveUpDeliveryNumber(table, record.workspaceId, record.webhookId, number);
      // A delivery from before the numbering (none held) is listed by its key.
      if (held !== undefined) await putLogEntry(record, held);
      return held === number ? "created" : "exists";
    },

    async get(
      workspaceId: string,
      webhookId: string,
      deliveryId: string,
    ): Promise<StoredDelivery | undefined> {
      const { Item } = await table.client.send(
        new GetCommand({
          TableName: table.name,
          Key: webhookKeys.delivery(workspaceId, webhookId, deliveryId),
          ConsistentRead: true,
        }),
      );
      if (!Item) return undefined;
      return {
        ...WebhookDelivery.parse(Item),
        workspaceId: String(Item.workspaceId),
        eventId: String(Item.eventId),
        body: String(Item.body),
        claimUntilMs: typeof Item.claimUntilMs === "number" ? Item.claimUntilMs : null,
      };
    },

    /**
     * Claims attempt `attempt` until `claimUntilMs`, if no attempt was made since the delivery was read and no
     * live claim holds it. The webhook is not checked again here: its caller read it active a moment before,
     * and a deletion landing in between is no different from one landing while the request is on its way.
     */
    async claim(
      delivery: StoredDelivery,
      attempt: number,
      nowMs: number,
      claimUntilMs: number,
    ): Promise<ClaimOutcome> {
      try {
        await table.client.send(
          new UpdateCommand({
            TableName: table.name,
            Key: key(delivery),
            UpdateExpression: "SET claimUntilMs = :until, gsi5pk = :gsi5pk, gsi5sk = :gsi5sk",
            ConditionExpression:
              "#status = :pending AND attempts = :previous AND (attribute_not_exists(claimUntilMs) OR claimUntilMs < :now)",
            ExpressionAttributeNames: { "#status": "status" },
            ExpressionAttributeValues: {
              ":until": claimUntilMs,
              ":pending": "pending",
              ":previous": attempt - 1,
              ":now": nowMs,
              ...prefixed(deliverySweepKeys(delivery.id, isoAt(claimUntilMs), attempt)),
            },
          }),
        );
        return "claimed";
      } catch (error) {
        if (isConditionFailure(error)) return "taken";
        throw error;
      }
    },

    /**
     * Records attempt `entry.attempt` under the claim `claimUntilMs`. A final outcome takes the delivery out
     * of the sweep index; a pending one puts it back, due when the next attempt is.
     * @returns false when the claim was lost (the delivery was cancelled, or taken over after the claim ran out).
     */
    async recordAttempt(
      delivery: StoredDelivery,
      claimUntilMs: number,
      entry: DeliveryAttempt,
      outcome: AttemptOutcome,
      now: string,
    ): Promise<boolean> {
      const set = [
        "attempts = :attempt",
        "attemptLog = list_append(attemptLog, :entry)",
        "lastStatusCode = :code",
        "lastError = :error",
        "updatedAt = :now",
        "#status = :status",
        "nextAttemptAt = :next",
        "deliveredAt = :deliveredAt",
        "failedAt = :failedAt",
      ];
      const pending = outcome.status === "pending";
      if (pending) set.push("gsi5pk = :gsi5pk", "gsi5sk = :gsi5sk");
      const nextAttemptAt = pending ? isoAt(outcome.nextAttemptAtMs) : null;
      try {
        await table.client.send(
          new UpdateCommand({
            TableName: table.name,
            Key: key(delivery),
            UpdateExpression: `SET ${set.join(", ")} REMOVE claimUntilMs${pending ? "" : ", gsi5pk, gsi5sk"}`,
            ConditionExpression: "#status = :pending AND attempts = :previous AND claimUntilMs = :claim",
            ExpressionAttributeNames: { "#status": "status" },
            ExpressionAttributeValues: {
              ":attempt": entry.attempt,
              ":entry": [entry],
              ":code": entry.statusCode,
              ":error": entry.error,
              ":now": now,
              ":status": outcome.status,
              ":next": nextAttemptAt,
              ":deliveredAt": outcome.status === "delivered" ? now : null,
              ":failedAt": outcome.status === "failed" ? now : null,
              ":pending": "pending",
              ":previous": entry.attempt - 1,
              ":claim": claimUntilMs,
              ...(nextAttemptAt === null
                ? {}
                : prefixed(deliverySweepKeys(delivery.id, nextAttemptAt, entry.attempt + 1))),
            },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    /** Ends a pending delivery without further attempts (its webhook is gone or inactive). */
    async cancel(
      delivery: Pick<DeliveryRecord, "workspaceId" | "webhookId" | "id">,
      now: string,
    ): Promise<void> {
      try {
        await table.client.send(
          new UpdateCommand({
            TableName: table.name,
            Key: key(delivery),
            UpdateExpression:
              "SET #status = :cancelled, updatedAt = :now, nextAttemptAt = :null REMOVE claimUntilMs, gsi5pk, gsi5sk",
            ConditionExpression: "#status = :pending",
            ExpressionAttributeNames: { "#status": "status" },
            ExpressionAttributeValues: {
              ":cancelled": "cancelled",
              ":now": now,
              ":null": null,
              ":pending": "pending",
            },
          }),
        );
      } catch (error) {
        // Already final: nothing to cancel.
        if (!isConditionFailure(error)) throw error;
      }
    },

    /** One page of a webhook's delivery log, newest first (webhook-delivery-log.ts). */
    page: (workspaceId: string, webhookId: string, offset: number, limit: number) =>
      pageDeliveryLog(table, workspaceId, webhookId, offset, limit),
  };
}

/** Index keys as expression values (`:gsi5pk`, `:gsi5sk`). */
function prefixed(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [`:${name}`, value]));
}
