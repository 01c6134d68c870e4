import { GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { ConflictError } from "../../../domain/errors";
import { WorkspaceRecord } from "../../../domain/workspace";
import type { WorkspaceStore } from "../../../ports/store";
import { countingFromTheStart } from "../lists/ended-count-items";
import { runsCounterScope } from "../lists/run-counters";
import { cancellationCodes, lostRace } from "../table/conditions";
import type { Table } from "../table/dynamo-client";
import { keys } from "../table/keys";
import type { TransactItem } from "../table/transact";

/**
 * A workspace is four items written together: the workspace, a guard item that owns its slug (so two
 * concurrent creations with one slug cannot both succeed), the owner account's membership, and its run
 * counter, which says every run's end is counted (ended-count-items.ts).
 */
export function workspaceCreationItems(table: Table, workspace: WorkspaceRecord): TransactItem[] {
  return [
    {
      Put: {
        TableName: table.name,
        Item: { ...keys.workspaceSlug(workspace.slug), entity: "WorkspaceSlug", workspaceId: workspace.id },
        ConditionExpression: "attribute_not_exists(pk)",
      },
    },
    {
      Put: {
        TableName: table.name,
        Item: { ...keys.workspace(workspace.id), entity: "Workspace", ...workspace },
        ConditionExpression: "attribute_not_exists(pk)",
      },
    },
    {
      Put: {
        TableName: table.name,
        Item: {
          ...keys.membership(workspace.ownerAccountId, workspace.id),
          entity: "Membership",
          accountId: workspace.ownerAccountId,
          workspaceId: workspace.id,
          role: "owner",
          createdAt: workspace.createdAt,
        },
      },
    },
    {
      Put: {
        TableName: table.name,
        Item: { ...keys.runCounter(workspace.id, runsCounterScope), ...countingFromTheStart },
        ConditionExpression: "attribute_not_exists(pk)",
      },
    },
  ];
}

/** Index of the slug guard in workspaceCreationItems, for telling a slug conflict from other failures. */
export const SLUG_GUARD_ACTION = 0;

export function slugTakenError(slug: string): ConflictError {
  return new ConflictError(`A workspace with slug "${slug}" already exists`);
}

export function createWorkspaceStore(table: Table): WorkspaceStore {
  return {
    /** @throws ConflictError when the slug is taken, including by a concurrent creation. */
    async create(workspace: WorkspaceRecord): Promise<void> {
      try {
        await table.client.send(
          new TransactWriteCommand({ TransactItems: workspaceCreationItems(table, workspace) }),
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
