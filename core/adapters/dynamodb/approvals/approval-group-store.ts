import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { ApprovalGroup } from "../../../domain/approval-group";
import type { ApprovalGroupStore } from "../../../ports/store";
import { deleteIfPresent } from "../table/conditional-writes";
import type { Table } from "../table/dynamo-client";
import { type ItemKey, keys } from "../table/keys";
import { queryByPrefix } from "../table/query";

/** Approval groups, in the workspace's partition (`WS#<wsp>` / `APPROVAL_GROUP#<name>`). */
const PREFIX = "APPROVAL_GROUP#";
const groupKey = (workspaceId: string, name: string): ItemKey => ({
  pk: keys.workspacePartition(workspaceId),
  sk: `${PREFIX}${name}`,
});

export function createApprovalGroupStore(table: Table): ApprovalGroupStore {
  return {
    /** One UpdateItem: `createdAt` is set only by the first put, so a replace needs no read. */
    async put(workspaceId: string, group: ApprovalGroup): Promise<ApprovalGroup> {
      const { Attributes } = await table.client.send(
        new UpdateCommand({
          TableName: table.name,
          Key: groupKey(workspaceId, group.name),
          UpdateExpression:
            "SET entity = :entity, #name = :name, members = :members, updatedAt = :now, createdAt = if_not_exists(createdAt, :now)",
          ExpressionAttributeNames: { "#name": "name" },
          ExpressionAttributeValues: {
            ":entity": "ApprovalGroup",
            ":name": group.name,
            ":members": group.members,
            ":now": group.updatedAt,
          },
          ReturnValues: "ALL_NEW",
        }),
      );
      return ApprovalGroup.parse(Attributes);
    },

    async get(workspaceId: string, name: string): Promise<ApprovalGroup | undefined> {
      const { Item } = await table.client.send(
        new GetCommand({ TableName: table.name, Key: groupKey(workspaceId, name), ConsistentRead: true }),
      );
      return Item ? ApprovalGroup.parse(Item) : undefined;
    },

    async list(workspaceId: string): Promise<ApprovalGroup[]> {
      const items = await queryByPrefix(table, keys.workspacePartition(workspaceId), PREFIX);
      return items.map((item) => ApprovalGroup.parse(item));
    },

    delete: (workspaceId: string, name: string) => deleteIfPresent(table, groupKey(workspaceId, name)),
  };
}
