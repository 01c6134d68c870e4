import { GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { AccountRecord } from "../../../domain/account";
import { ConflictError } from "../../../domain/errors";
import { inviteRejectedError } from "../../../domain/invite";
import { WorkspaceRecord } from "../../../domain/workspace";
import type { AccountStore, NewAccount } from "../../../ports/store";
import { cancellationCodes, lostRace } from "../table/conditions";
import type { Table } from "../table/dynamo-client";
import { keys } from "../table/keys";
import { queryByPrefix } from "../table/query";
import {
  accountCreationItems,
  apiKeyCreationItems,
  inviteRedemptionItem,
  SLUG_GUARD_ACTION,
  slugTakenError,
  workspaceCreationItems,
} from "./account-items";

export function createAccountStore(table: Table): AccountStore {
  return {
    /**
     * Sign-up in one transaction: the account, its first workspace and that workspace's first API key,
     * so a failure at any point leaves nothing half-created.
     * @throws ConflictError when the email or the workspace slug is taken; the invite error when the
     * invite was used or expired meanwhile.
     */
    async createWithWorkspace({ account, workspace, apiKey, invite }: NewAccount): Promise<void> {
      const accountItems = accountCreationItems(table.name, account);
      const workspaceItems = workspaceCreationItems(table.name, workspace);
      const items = [...accountItems, ...workspaceItems, ...apiKeyCreationItems(table.name, apiKey)];
      if (invite) items.push(inviteRedemptionItem(table.name, invite));
      try {
        await table.client.send(new TransactWriteCommand({ TransactItems: items }));
      } catch (error) {
        const codes = cancellationCodes(error);
        // The invite first: someone without a valid one learns nothing about which emails have accounts.
        if (codes && invite && lostRace(codes, items.length - 1)) throw inviteRejectedError();
        if (codes && lostRace(codes, 0)) throw new ConflictError("An account with this email already exists");
        if (codes && lostRace(codes, accountItems.length + SLUG_GUARD_ACTION))
          throw slugTakenError(workspace.slug);
        throw error;
      }
    },

    async findByEmail(email: string): Promise<AccountRecord | undefined> {
      const { Item } = await table.client.send(
        new GetCommand({ TableName: table.name, Key: keys.accountEmail(email), ConsistentRead: true }),
      );
      return Item ? AccountRecord.parse({ ...Item, id: Item.accountId }) : undefined;
    },

    async get(accountId: string): Promise<AccountRecord | undefined> {
      const { Item } = await table.client.send(
        new GetCommand({ TableName: table.name, Key: keys.account(accountId), ConsistentRead: true }),
      );
      return Item ? AccountRecord.parse(Item) : undefined;
    },

    /** Whether the account is a member of the workspace: one strongly consistent read of the membership. */
    async isMember(accountId: string, workspaceId: string): Promise<boolean> {
      const { Item } = await table.client.send(
        new GetCommand({
          TableName: table.name,
          Key: keys.membership(accountId, workspaceId),
          ConsistentRead: true,
        }),
      );
      return Item !== undefined;
    },

    /** The workspaces the account belongs to, oldest first. */
    async workspaces(accountId: string): Promise<WorkspaceRecord[]> {
      const memberships = await queryByPrefix(table, keys.account(accountId).pk, keys.membershipPrefix);
      const items = await Promise.all(
        memberships.map(async (membership) => {
          const { Item } = await table.client.send(
            new GetCommand({ TableName: table.name, Key: keys.workspace(String(membership.workspaceId)) }),
          );
          return Item;
        }),
      );
      return items.flatMap((item) => (item ? [WorkspaceRecord.parse(item)] : []));
    },
  };
}
