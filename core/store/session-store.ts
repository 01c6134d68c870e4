import { PutCommand } from "@aws-sdk/lib-dynamodb";
import type { SessionRecord } from "../domain/account";
import type { Table } from "./dynamo-client";
import { keys } from "./keys";

/**
 * Dashboard sessions, stored under the hash of their token and removed by the table's TTL after they expire.
 * TTL deletion can lag by days, so whoever reads a session must also compare `expiresAt` with the clock.
 */
export function createSessionStore(table: Table) {
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
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
