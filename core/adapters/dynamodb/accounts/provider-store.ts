import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { ProviderRecord, type ProviderRecord as ProviderRecordType } from "../../../domain/provider-config";
import type { ProviderStore } from "../../../ports/store";
import { deleteIfPresent, putIfAbsent } from "../table/conditional-writes";
import { isConditionFailure } from "../table/conditions";
import type { Table } from "../table/dynamo-client";
import { keys } from "../table/keys";
import { queryByPrefix } from "../table/query";
import type { TransactItem } from "../table/transact";
import { transactWrite, WriteConflict } from "../table/write-conflict";

/** A workspace's LLM provider settings: one item per provider (`PROVIDER#<name>`) in the workspace partition. */
export function createProviderStore(table: Table): ProviderStore {
  const item = (record: ProviderRecordType) => ({
    ...keys.llmProvider(record.workspaceId, record.provider),
    entity: "LlmProvider",
    ...record,
  });

  return {
    async get(workspaceId: string, provider: string): Promise<ProviderRecordType | undefined> {
      const { Item } = await table.client.send(
        new GetCommand({
          TableName: table.name,
          Key: keys.llmProvider(workspaceId, provider),
          ConsistentRead: true,
        }),
      );
      return Item ? ProviderRecord.parse(Item) : undefined;
    },

    async list(workspaceId: string): Promise<ProviderRecordType[]> {
      const items = await queryByPrefix(table, keys.workspacePartition(workspaceId), keys.llmProviderPrefix);
      return items.map((found) => ProviderRecord.parse(found));
    },

    /** @returns false when the provider already exists (a concurrent PUT created it first). */
    create(record: ProviderRecordType): Promise<boolean> {
      return putIfAbsent(table, item(record));
    },

    /** Replaces the key and settings of an existing provider; its id and createdAt stay. */
    async update(record: ProviderRecordType): Promise<boolean> {
      try {
        await table.client.send(
          new UpdateCommand({
            TableName: table.name,
            Key: keys.llmProvider(record.workspaceId, record.provider),
            UpdateExpression:
              "SET apiKeyCiphertext = :key, priority = :priority, isEnabled = :enabled, updatedAt = :now",
            ConditionExpression: "attribute_exists(pk)",
            ExpressionAttributeValues: {
              ":key": record.apiKeyCiphertext,
              ":priority": record.priority,
              ":enabled": record.isEnabled,
              ":now": record.updatedAt,
            },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    /**
     * Sets several priorities at once, all or none. @returns the index of a provider the workspace has not
     * configured, or undefined when all were updated.
     */
    async setPriorities(
      workspaceId: string,
      priorities: readonly { provider: string; priority: number }[],
      now: string,
    ): Promise<number | undefined> {
      const actions: TransactItem[] = priorities.map(({ provider, priority }) => ({
        Update: {
          TableName: table.name,
          Key: keys.llmProvider(workspaceId, provider),
          UpdateExpression: "SET priority = :priority, updatedAt = :now",
          ConditionExpression: "attribute_exists(pk)",
          ExpressionAttributeValues: { ":priority": priority, ":now": now },
        },
      }));
      try {
        await transactWrite(table, actions);
        return undefined;
      } catch (error) {
        if (!(error instanceof WriteConflict)) throw error;
        const missing = error.codes.indexOf("ConditionalCheckFailed");
        if (missing >= 0) return missing;
        throw error;
      }
    },

    /** @returns false when the workspace has no such provider. */
    delete(workspaceId: string, provider: string): Promise<boolean> {
      return deleteIfPresent(table, keys.llmProvider(workspaceId, provider));
    },
  };
}
