import { GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { TriggerRecord, TriggerSpec } from "../../../domain/trigger-record";
import { TriggerStatus } from "../../../domain/trigger-status";
import type { TriggerStore } from "../../../ports/store";
import { isConditionFailure } from "../table/conditions";
import type { Table } from "../table/dynamo-client";
import { keys } from "../table/keys";
import { indexPartitionItems, queryByPrefix } from "../table/query";
import { transactWrite, WriteConflict } from "../table/write-conflict";

type Item = Record<string, unknown>;

/**
 * A trigger is one item in its workspace's partition: its settings as JSON (`specJson`, never changed) and
 * its state as attributes that updates set. A cron trigger also sits in a sparse gsi5 partition, which the
 * local service reads at start-up to re-arm its timers. The quota's count is its own item, moved in the
 * transaction that adds or deletes a trigger.
 */
export function createTriggerStore(table: Table): TriggerStore {
  const toItem = (trigger: TriggerRecord): Item => {
    const {
      id,
      workspaceId,
      status,
      activeSince,
      lastFireAt,
      lastRunId,
      lastSkipReason,
      createdAt,
      updatedAt,
      ...spec
    } = trigger;
    return {
      ...keys.trigger(workspaceId, id),
      ...(spec.type === "cron" ? keys.cronTriggerIndex(workspaceId, id) : {}),
      entity: "Trigger",
      specJson: JSON.stringify(spec),
      id,
      workspaceId,
      status,
      activeSince,
      ...(lastFireAt === null ? {} : { lastFireAt }),
      ...(lastRunId === null ? {} : { lastRunId }),
      ...(lastSkipReason === null ? {} : { lastSkipReason }),
      createdAt,
      updatedAt,
    };
  };
  const fromItem = (item: Item): TriggerRecord => ({
    ...(JSON.parse(String(item.specJson)) as TriggerSpec),
    id: String(item.id),
    workspaceId: String(item.workspaceId),
    status: item.status === TriggerStatus.Paused ? TriggerStatus.Paused : TriggerStatus.Active,
    activeSince: String(item.activeSince),
    lastFireAt: typeof item.lastFireAt === "string" ? item.lastFireAt : null,
    lastRunId: typeof item.lastRunId === "string" ? item.lastRunId : null,
    lastSkipReason: typeof item.lastSkipReason === "string" ? item.lastSkipReason : null,
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt),
  });
  const count = async (workspaceId: string) => {
    const { Item: counter } = await table.client.send(
      new GetCommand({ TableName: table.name, Key: keys.triggerCount(workspaceId), ConsistentRead: true }),
    );
    return Number(counter?.count ?? 0);
  };

  return {
    async create(trigger, maxPerWorkspace) {
      try {
        await transactWrite(table, [
          {
            Update: {
              TableName: table.name,
              Key: keys.triggerCount(trigger.workspaceId),
              UpdateExpression: "ADD #count :one SET entity = :entity",
              ConditionExpression: "attribute_not_exists(#count) OR #count < :max",
              ExpressionAttributeNames: { "#count": "count" },
              ExpressionAttributeValues: { ":one": 1, ":max": maxPerWorkspace, ":entity": "TriggerCount" },
            },
          },
          {
            Put: {
              TableName: table.name,
              Item: toItem(trigger),
              ConditionExpression: "attribute_not_exists(pk)",
            },
          },
        ]);
        return { kind: "created" };
      } catch (error) {
        if (error instanceof WriteConflict && error.codes[0] === "ConditionalCheckFailed")
          return { kind: "quota", count: await count(trigger.workspaceId) };
        throw error;
      }
    },

    async get(workspaceId, triggerId) {
      const { Item } = await table.client.send(
        new GetCommand({
          TableName: table.name,
          Key: keys.trigger(workspaceId, triggerId),
          ConsistentRead: true,
        }),
      );
      return Item ? fromItem(Item) : undefined;
    },

    async list(workspaceId) {
      const items = await queryByPrefix(table, keys.workspacePartition(workspaceId), keys.triggerPrefix);
      return items.map(fromItem);
    },

    count,

    async setStatus(workspaceId, triggerId, status, now) {
      const key = keys.trigger(workspaceId, triggerId);
      // Only a change of status writes: resuming sets `activeSince`, so fires due while the trigger was
      // paused are not its own, and resuming an active trigger must not move it.
      const other = status === TriggerStatus.Active ? TriggerStatus.Paused : TriggerStatus.Active;
      try {
        const { Attributes } = await table.client.send(
          new UpdateCommand({
            TableName: table.name,
            Key: key,
            UpdateExpression:
              status === TriggerStatus.Active
                ? "SET #status = :status, updatedAt = :now, activeSince = :now"
                : "SET #status = :status, updatedAt = :now",
            ConditionExpression: "#status = :other",
            ExpressionAttributeNames: { "#status": "status" },
            ExpressionAttributeValues: { ":status": status, ":other": other, ":now": now },
            ReturnValues: "ALL_NEW",
          }),
        );
        return Attributes ? fromItem(Attributes) : undefined;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      const { Item } = await table.client.send(
        new GetCommand({ TableName: table.name, Key: key, ConsistentRead: true }),
      );
      return Item ? fromItem(Item) : undefined;
    },

    async delete(workspaceId, triggerId) {
      try {
        await transactWrite(table, [
          {
            Delete: {
              TableName: table.name,
              Key: keys.trigger(workspaceId, triggerId),
              ConditionExpression: "attribute_exists(pk)",
            },
          },
          {
            Update: {
              TableName: table.name,
              Key: keys.triggerCount(workspaceId),
              UpdateExpression: "ADD #count :minusOne",
              ExpressionAttributeNames: { "#count": "count" },
              ExpressionAttributeValues: { ":minusOne": -1 },
            },
          },
        ]);
        return true;
      } catch (error) {
        // A concurrent delete of the same trigger won; for this request it no longer exists.
        if (error instanceof WriteConflict) return false;
        throw error;
      }
    },

    async recordFire(workspaceId, triggerId, fireAt, outcome) {
      const started = "runId" in outcome;
      try {
        await table.client.send(
          new UpdateCommand({
            TableName: table.name,
            Key: keys.trigger(workspaceId, triggerId),
            UpdateExpression: started
              ? "SET lastFireAt = :fireAt, lastRunId = :outcome REMOVE lastSkipReason"
              : "SET lastFireAt = :fireAt, lastSkipReason = :outcome REMOVE lastRunId",
            ConditionExpression:
              "attribute_exists(pk) AND (attribute_not_exists(lastFireAt) OR lastFireAt < :fireAt)",
            ExpressionAttributeValues: {
              ":fireAt": fireAt,
              ":outcome": started ? outcome.runId : outcome.skipReason,
            },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },

    async cronTriggers() {
      const items = await indexPartitionItems(table, "gsi5", keys.cronTriggerIndexPk);
      return items.map(fromItem);
    },

    async claimEvent(workspaceId, eventId, triggerIds, nowMs, expiresAtMs) {
      const key = keys.sentEvent(workspaceId, eventId);
      try {
        await table.client.send(
          new PutCommand({
            TableName: table.name,
            Item: {
              ...key,
              entity: "SentEvent",
              triggerIds,
              expiresAtMs,
              ttlEpochSec: Math.ceil(expiresAtMs / 1000),
            },
            // TTL deletes an expired item only within days: until then its expiry is checked here.
            ConditionExpression: "attribute_not_exists(pk) OR expiresAtMs <= :now",
            ExpressionAttributeValues: { ":now": nowMs },
          }),
        );
        return { kind: "claimed" };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      const { Item } = await table.client.send(
        new GetCommand({ TableName: table.name, Key: key, ConsistentRead: true }),
      );
      return { kind: "seen", triggerIds: (Item?.triggerIds as string[] | undefined) ?? [] };
    },
  };
}
