import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import type { InviteRecord } from "../../../domain/invite";
import type { InviteStore } from "../../../ports/store";
import type { Table } from "../table/dynamo-client";
import { keys } from "../table/keys";

/**
 * Sign-up invites (SIGNUP_MODE=invite), stored under the SHA-256 of their code like API keys, so the table
 * never holds a usable code. A used invite stays, marked, until the table's TTL removes it after expiry.
 */
export function createInviteStore(table: Table): InviteStore {
  return {
    async create(codeHash: string, invite: InviteRecord): Promise<void> {
      await table.client.send(
        new PutCommand({
          TableName: table.name,
          Item: {
            ...keys.invite(codeHash),
            entity: "Invite",
            ...invite,
            ttlEpochSec: Math.ceil(Date.parse(invite.expiresAt) / 1000),
          },
          ConditionExpression: "attribute_not_exists(pk)",
        }),
      );
    },

    async get(codeHash: string): Promise<InviteRecord | undefined> {
      const { Item } = await table.client.send(
        new GetCommand({ TableName: table.name, Key: keys.invite(codeHash), ConsistentRead: true }),
      );
      if (!Item) return undefined;
      return {
        createdAt: String(Item.createdAt),
        expiresAt: String(Item.expiresAt),
        ...(Item.usedAt === undefined ? {} : { usedAt: String(Item.usedAt) }),
      };
    },
  };
}
