import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { ApprovalLinkKeyStore } from "../../../ports/store";
import type { Table } from "../table/dynamo-client";
import { type ItemKey, keys } from "../table/keys";
import { putUnlessRefused } from "../table/write-conflict";

/** The workspace's link key, in its partition (`WS#<wsp>` / `APPROVAL_LINK_KEY`), encrypted. */
const keyOf = (workspaceId: string): ItemKey => ({
  pk: keys.workspacePartition(workspaceId),
  sk: "APPROVAL_LINK_KEY",
});

export function createApprovalLinkKeyStore(table: Table): ApprovalLinkKeyStore {
  return {
    async get(workspaceId) {
      const { Item } = await table.client.send(
        new GetCommand({ TableName: table.name, Key: keyOf(workspaceId), ConsistentRead: true }),
      );
      return typeof Item?.ciphertext === "string" ? Item.ciphertext : undefined;
    },

    create(workspaceId, ciphertext) {
      return putUnlessRefused(table, {
        Put: {
          TableName: table.name,
          Item: { ...keyOf(workspaceId), entity: "ApprovalLinkKey", ciphertext },
          ConditionExpression: "attribute_not_exists(pk)",
        },
      });
    },
  };
}
