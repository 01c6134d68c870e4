import { DeleteCommand, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import type { SessionRecord } from "../../../domain/account";
import type { SessionStore } from "../../../ports/store";
import type { Table } from "../table/dynamo-client";
import { keys } from "../table/keys";

/**
 * Dashboard sessions, stored under the hash of their token and removed by the table's TTL after they expire.
 * TTL deletion can lag by days, so whoever reads a session must also compare `expiresAt` with the clock.
 */
export function createSessionStore(table: Table): SessionStore {
  return {
    async create(tokenHash: string, session: SessionRecord): Promise<void> {
      await table.client.send(
        new PutCommand({
          TableName: table.name,
          Item: {
            ...keys.session(tokenHash),
            entity: "Session",
            ...session,
            ttlEpochSec: Math.ceil(Date.parse(session.expiresAt) / 1000),
          },
        }),
      );
    },

    /** The session stored under the token's hash, expired or not: the caller compares `expiresAt`. */
    async get(tokenHash: string): Promise<SessionRecord | undefined> {
      const { Item } = await table.client.send(
        new GetCommand({ TableName: table.name, Key: keys.session(tokenHash), ConsistentRead: true }),
      );
      if (!Item) return undefined;
      return { accountId: String(Item.accountId), expiresAt: String(Item.expiresAt) };
    },

    /** Ends the session at once (logout); deleting one that is gone already is not an error. */
    async delete(tokenHash: string): Promise<void> {
      await table.client.send(new DeleteCommand({ TableName: table.name, Key: keys.session(tokenHash) }));
    },
  };
}
