import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import type { ApprovalMailStore } from "../../../ports/store";
import type { Table } from "../table/dynamo-client";
import { type ItemKey, keys } from "../table/keys";
import { TTL_ATTRIBUTE } from "../table/table";

/** One item per mailed assignee (`WS#<wsp>#MAILED#<event>` / the address), gone with the table's TTL. */
const keyOf = (workspaceId: string, eventId: string, assignee: string): ItemKey => ({
  pk: `${keys.workspacePartition(workspaceId)}#MAILED#${eventId}`,
  sk: assignee,
});

export function createApprovalMailStore(table: Table): ApprovalMailStore {
  return {
    async wasSent(workspaceId, eventId, assignee) {
      const { Item } = await table.client.send(
        new GetCommand({
          TableName: table.name,
          Key: keyOf(workspaceId, eventId, assignee),
          ConsistentRead: true,
        }),
      );
      return Item !== undefined;
    },

    async markSent(workspaceId, eventId, assignee, expiresAtMs) {
      await table.client.send(
        new PutCommand({
          TableName: table.name,
          Item: {
            ...keyOf(workspaceId, eventId, assignee),
            entity: "ApprovalMail",
            [TTL_ATTRIBUTE]: Math.ceil(expiresAtMs / 1000),
          },
        }),
      );
    },
  };
}
