import type { AccountRecord } from "../../../domain/account";
import type { ApiKeyRecord } from "../../../domain/api-key";
import { ConflictError } from "../../../domain/errors";
import type { WorkspaceRecord } from "../../../domain/workspace";
import type { InviteRedemption } from "../../../ports/store";
import { countingFromTheStart, runsCounterScope } from "../lists/counter-items";
import { keys } from "../table/keys";
import type { TransactItem } from "../table/transact";

/**
 * The items an account, a workspace and an API key are created with, and an invite's redemption: a sign-up
 * writes them all in one transaction (account-store.ts), a new workspace or key its own (workspace-store.ts,
 * api-key-store.ts).
 */

/** An account and the guard item that owns its email, so two sign-ups with one email cannot both succeed. */
export function accountCreationItems(tableName: string, account: AccountRecord): TransactItem[] {
  return [
    {
      Put: {
        TableName: tableName,
        Item: {
          ...keys.accountEmail(account.email),
          entity: "AccountEmail",
          ...account,
          accountId: account.id,
        },
        ConditionExpression: "attribute_not_exists(pk)",
      },
    },
    {
      Put: {
        TableName: tableName,
        Item: { ...keys.account(account.id), entity: "Account", ...account },
        ConditionExpression: "attribute_not_exists(pk)",
      },
    },
  ];
}

/**
 * A workspace is four items written together: the workspace, a guard item that owns its slug (so two
 * concurrent creations with one slug cannot both succeed), the owner account's membership, and its run
 * counter, which says every run's end is counted (ended-counts.ts).
 */
export function workspaceCreationItems(tableName: string, workspace: WorkspaceRecord): TransactItem[] {
  return [
    {
      Put: {
        TableName: tableName,
        Item: { ...keys.workspaceSlug(workspace.slug), entity: "WorkspaceSlug", workspaceId: workspace.id },
        ConditionExpression: "attribute_not_exists(pk)",
      },
    },
    {
      Put: {
        TableName: tableName,
        Item: { ...keys.workspace(workspace.id), entity: "Workspace", ...workspace },
        ConditionExpression: "attribute_not_exists(pk)",
      },
    },
    {
      Put: {
        TableName: tableName,
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
        TableName: tableName,
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

export function apiKeyCreationItems(tableName: string, record: ApiKeyRecord): TransactItem[] {
  // No lastUsedAt attribute until the first use: recordUse's condition tests for its absence.
  const lookup = { workspaceId: record.workspaceId, apiKeyId: record.id };
  return [
    {
      Put: {
        TableName: tableName,
        Item: { ...keys.apiKey(record.workspaceId, record.id), entity: "ApiKey", ...record },
        ConditionExpression: "attribute_not_exists(pk)",
      },
    },
    {
      Put: {
        TableName: tableName,
        Item: { ...keys.apiKeyHash(record.keyHash), entity: "ApiKeyLookup", ...lookup },
        ConditionExpression: "attribute_not_exists(pk)",
      },
    },
  ];
}

/**
 * Marks the invite used, inside the sign-up transaction: two sign-ups racing with one code cannot both
 * commit, and a sign-up that fails for another reason (email or slug taken) leaves the invite unused.
 */
export function inviteRedemptionItem(tableName: string, redemption: InviteRedemption): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.invite(redemption.codeHash),
      UpdateExpression: "SET usedAt = :now, usedByAccountId = :account",
      ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(usedAt) AND expiresAt > :now",
      ExpressionAttributeValues: { ":now": redemption.usedAt, ":account": redemption.accountId },
    },
  };
}
