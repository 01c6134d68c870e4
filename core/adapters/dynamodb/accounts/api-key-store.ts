import { GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { ApiKeyRecord } from "../../../domain/api-key";
import type { ApiKeyLookup, ApiKeyStore } from "../../../ports/store";
import { cancellationCodes } from "../table/conditions";
import { getItem } from "../table/consistent-get";
import type { Table } from "../table/dynamo-client";
import { keys } from "../table/keys";
import { queryByPrefix } from "../table/query";
import { apiKeyCreationItems } from "./account-items";

export function createApiKeyStore(table: Table): ApiKeyStore {
  return {
    async create(record: ApiKeyRecord): Promise<void> {
      await table.client.send(
        new TransactWriteCommand({ TransactItems: apiKeyCreationItems(table.name, record) }),
      );
    },

    async list(workspaceId: string): Promise<ApiKeyRecord[]> {
      const items = await queryByPrefix(table, keys.workspacePartition(workspaceId), keys.apiKeyPrefix);
      return items.map((item) => ApiKeyRecord.parse(item));
    },

    async get(workspaceId: string, apiKeyId: string): Promise<ApiKeyRecord | undefined> {
      const Item = await getItem(table, keys.apiKey(workspaceId, apiKeyId));
      return Item ? ApiKeyRecord.parse(Item) : undefined;
    },

    async findByHash(keyHash: string): Promise<ApiKeyLookup | undefined> {
      const Item = await getItem(table, keys.apiKeyHash(keyHash));
      if (!Item) return undefined;
      return {
        workspaceId: String(Item.workspaceId),
        apiKeyId: String(Item.apiKeyId),
        lastUsedAt: typeof Item.lastUsedAt === "string" ? Item.lastUsedAt : null,
      };
    },

    /**
     * Records a use at `usedAt` unless one was recorded after `notBefore`. The condition on the lookup
     * item makes concurrent requests on many instances write at most once per interval between them.
     */
    async recordUse(keyHash: string, lookup: ApiKeyLookup, usedAt: string, notBefore: string): Promise<void> {
      const update = (key: object, extraCondition: string) => ({
        Update: {
          TableName: table.name,
          Key: key,
          UpdateExpression: "SET lastUsedAt = :usedAt",
          ConditionExpression: `attribute_exists(pk)${extraCondition}`,
          ExpressionAttributeValues: {
            ":usedAt": usedAt,
            ...(extraCondition ? { ":notBefore": notBefore } : {}),
          },
        },
      });
      try {
        await table.client.send(
          new TransactWriteCommand({
            TransactItems: [
              update(
                keys.apiKeyHash(keyHash),
                " AND (attribute_not_exists(lastUsedAt) OR lastUsedAt <= :notBefore)",
              ),
              update(keys.apiKey(lookup.workspaceId, lookup.apiKeyId), ""),
            ],
          }),
        );
      } catch (error) {
        // Another request recorded the use first, or the key was revoked meanwhile: nothing left to record.
        if (!cancellationCodes(error)) throw error;
      }
    },

    /** @returns false when the workspace has no such key (never had, or already revoked). */
    async revoke(workspaceId: string, apiKeyId: string): Promise<boolean> {
      const { Item } = await table.client.send(
        new GetCommand({
          TableName: table.name,
          Key: keys.apiKey(workspaceId, apiKeyId),
          ConsistentRead: true,
        }),
      );
      if (!Item) return false;
      const record = ApiKeyRecord.parse(Item);
      try {
        await table.client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: {
                  TableName: table.name,
                  Key: keys.apiKey(workspaceId, apiKeyId),
                  ConditionExpression: "attribute_exists(pk)",
                },
              },
              { Delete: { TableName: table.name, Key: keys.apiKeyHash(record.keyHash) } },
            ],
          }),
        );
        return true;
      } catch (error) {
        // A concurrent revoke of the same key won; for this request the key no longer exists.
        if (cancellationCodes(error)) return false;
        throw error;
      }
    },
  };
}
