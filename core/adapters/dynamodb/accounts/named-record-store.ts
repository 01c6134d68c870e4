import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { NamedRecordStore } from "../../../ports/store";
import type { Table } from "../table/dynamo-client";
import type { ItemKey } from "../table/keys";
import { keys } from "../table/keys";
import { queryByPrefix } from "../table/query";
import { transactWrite, WriteConflict } from "../table/write-conflict";

/** A workspace's record that steps find by a name unique in the workspace (remote tools, MCP servers). */
export interface NamedRecord {
  id: string;
  name: string;
  workspaceId: string;
}

export interface NamedItemLayout<T> {
  /** The listed item, deleted by id, and the name's uniqueness guard, which carries the whole record. */
  byId: (workspaceId: string, id: string) => ItemKey;
  byName: (workspaceId: string, name: string) => ItemKey;
  /** The sort-key prefix of the `byId` items, which the list reads. */
  idPrefix: string;
  entity: string;
  parse: (item: unknown) => T;
}

/**
 * Two items in the workspace partition, written and deleted together: one by id (listed, deleted by id) and
 * one by name, whose `attribute_not_exists` makes the name unique in the workspace and which holds the whole
 * record, so a step resolves it by name with one read.
 */
export function createNamedRecordStore<T extends NamedRecord>(
  table: Table,
  layout: NamedItemLayout<T>,
): NamedRecordStore<T> {
  const get = async (key: ItemKey) => {
    const { Item } = await table.client.send(
      new GetCommand({ TableName: table.name, Key: key, ConsistentRead: true }),
    );
    return Item ? layout.parse(Item) : undefined;
  };

  return {
    async create(record) {
      const put = (key: ItemKey, entity: string) => ({
        Put: {
          TableName: table.name,
          Item: { ...key, entity, ...record },
          ConditionExpression: "attribute_not_exists(pk)",
        },
      });
      try {
        await transactWrite(table, [
          put(layout.byName(record.workspaceId, record.name), `${layout.entity}Name`),
          put(layout.byId(record.workspaceId, record.id), layout.entity),
        ]);
        return true;
      } catch (error) {
        if (error instanceof WriteConflict && error.lostAt(0)) return false;
        throw error;
      }
    },

    async list(workspaceId) {
      const items = await queryByPrefix(table, keys.workspacePartition(workspaceId), layout.idPrefix);
      return items.map((item) => layout.parse(item));
    },

    byName: (workspaceId, name) => get(layout.byName(workspaceId, name)),

    async delete(workspaceId, id) {
      const record = await get(layout.byId(workspaceId, id));
      if (!record) return false;
      const remove = (key: ItemKey) => ({
        Delete: { TableName: table.name, Key: key, ConditionExpression: "attribute_exists(pk)" },
      });
      try {
        await transactWrite(table, [
          remove(layout.byId(workspaceId, id)),
          remove(layout.byName(workspaceId, record.name)),
        ]);
        return true;
      } catch (error) {
        // A concurrent delete of the same record won; for this request it no longer exists.
        if (error instanceof WriteConflict) return false;
        throw error;
      }
    },
  };
}
