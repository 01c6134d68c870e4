import { GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { WorkspaceRecord } from "../../../domain/workspace";
import type { WorkspaceStore } from "../../../ports/store";
import { cancellationCodes, lostRace } from "../table/conditions";
import type { Table } from "../table/dynamo-client";
import { keys } from "../table/keys";
import { SLUG_GUARD_ACTION, slugTakenError, workspaceCreationItems } from "./account-items";

export function createWorkspaceStore(table: Table): WorkspaceStore {
  return {
    /** @throws ConflictError when the slug is taken, including by a concurrent creation. */
    async create(workspace: WorkspaceRecord): Promise<void> {
      try {
        await table.client.send(
          new TransactWriteCommand({ TransactItems: workspaceCreationItems(table.name, workspace) }),
        );
      } catch (error) {
        const codes = cancellationCodes(error);
        if (codes && lostRace(codes, SLUG_GUARD_ACTION)) throw slugTakenError(workspace.slug);
        throw error;
      }
    },

    async get(workspaceId: string): Promise<WorkspaceRecord | undefined> {
      const { Item } = await table.client.send(
        new GetCommand({ TableName: table.name, Key: keys.workspace(workspaceId), ConsistentRead: true }),
      );
      return Item ? WorkspaceRecord.parse(Item) : undefined;
    },
  };
}
