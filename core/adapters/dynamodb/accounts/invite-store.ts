import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import type { InviteRecord } from "../../../domain/invite";
import type { InviteRedemption, InviteStore } from "../../../ports/store";
import type { Table } from "../table/dynamo-client";
import { keys } from "../table/keys";
import type { TransactItem } from "../table/transact";

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

/**
 * Marks the invite used, inside the sign-up transaction: two sign-ups racing with one code cannot both
 * commit, and a sign-up that fails for another reason (email or slug taken) leaves the invite unused.
 */
export function inviteRedemptionItem(table: Table, redemption: InviteRedemption): TransactItem {
  return {
    Update: {
      TableName: table.name,
      Key: keys.invite(redemption.codeHash),
      UpdateExpression: "SET usedAt = :now, usedByAccountId = :account",
      ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(usedAt) AND expiresAt > :now",
      ExpressionAttributeValues: { ":now": redemption.usedAt, ":account": redemption.accountId },
    },
  };
}
