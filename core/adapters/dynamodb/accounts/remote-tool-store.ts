import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { RemoteToolRecord, type RemoteToolRecord as RemoteToolRecordType } from "../../../domain/remote-tool";
import type { RemoteToolStore } from "../../../ports/store";
import type { Table } from "../table/dynamo-client";
import { keys } from "../table/keys";
import { queryByPrefix } from "../table/query";
import { transactWrite, WriteConflict } from "../table/write-conflict";

/**
 * A remote tool is two items in the workspace partition, written and deleted together: `TOOL#<id>` (listed,
 * deleted by id) and `TOOLNAME#<name>`, whose `attribute_not_exists` makes the name unique in the workspace
 * and which holds the whole tool, so a step resolves a tool by name with one read.
 */
export function createRemoteToolStore(table: Table): RemoteToolStore {
  const get = async (key: { pk: string; sk: string }) => {
    const { Item } = await table.client.send(
      new GetCommand({ TableName: table.name, Key: key, ConsistentRead: true }),
    );
    return Item ? RemoteToolRecord.parse(Item) : undefined;
  };

  return {
    /** @returns false when the workspace already has a tool of that name. */
    async create(record: RemoteToolRecordType): Promise<boolean> {
      const put = (key: object, entity: string) => ({
        Put: {
          TableName: table.name,
          Item: { ...key, entity, ...record },
          ConditionExpression: "attribute_not_exists(pk)",
        },
      });
      try {
        await transactWrite(table, [
          put(keys.remoteToolName(record.workspaceId, record.name), "RemoteToolName"),
          put(keys.remoteTool(record.workspaceId, record.id), "RemoteTool"),
        ]);
        return true;
      } catch (error) {
        if (error instanceof WriteConflict && error.lostAt(0)) return false;
        throw error;
      }
    },

    list(workspaceId: string): Promise<RemoteToolRecordType[]> {
      return queryByPrefix(table, keys.workspacePartition(workspaceId), keys.remoteToolPrefix).then((items) =>
        items.map((item) => RemoteToolRecord.parse(item)),
      );
    },

    byName(workspaceId: string, name: string): Promise<RemoteToolRecordType | undefined> {
      return get(keys.remoteToolName(workspaceId, name));
    },

    /** @returns false when the workspace has no such tool (never had, or already deleted). */
    async delete(workspaceId: string, toolId: string): Promise<boolean> {
      const record = await get(keys.remoteTool(workspaceId, toolId));
      if (!record) return false;
      const remove = (key: object) => ({
        Delete: { TableName: table.name, Key: key, ConditionExpression: "attribute_exists(pk)" },
      });
      try {
        await transactWrite(table, [
          remove(keys.remoteTool(workspaceId, toolId)),
          remove(keys.remoteToolName(workspaceId, record.name)),
        ]);
        return true;
      } catch (error) {
        // A concurrent delete of the same tool won; for this request it no longer exists.
        if (error instanceof WriteConflict) return false;
        throw error;
      }
    },
  };
}
