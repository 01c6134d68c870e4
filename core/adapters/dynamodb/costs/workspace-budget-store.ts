import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { type LlmSpend, WorkspaceBudget } from "../../../domain/budget";
import { roundUsd } from "../../../domain/cost-record";
import type { MonthLedger, WorkspaceBudgetStore } from "../../../ports/store";
import { isConditionFailure } from "../table/conditions";
import type { Table } from "../table/dynamo-client";
import { keys } from "../table/keys";

/**
 * A workspace budget (`BUDGET`) and one ledger item per month (`BUDGET#MONTH#<yyyy-mm>`) in the workspace
 * partition. A claim is one conditional `ADD`: DynamoDB cannot compare a sum in a condition, so the caller's
 * headroom (cap − this claim) is what `claimed` is compared with, and concurrent claims serialise on the
 * item without a transaction. Amounts are exact decimals in DynamoDB; they are rounded to a nano-dollar
 * before they are sent so float noise never reaches it.
 */
export function createWorkspaceBudgetStore(table: Table): WorkspaceBudgetStore {
  const ledgerKey = keys.budgetMonth;

  return {
    async get(workspaceId) {
      const { Item } = await table.client.send(
        new GetCommand({ TableName: table.name, Key: keys.workspaceBudget(workspaceId) }),
      );
      return Item ? WorkspaceBudget.parse(Item.budget) : undefined;
    },

    async put(workspaceId, budget, month, seed) {
      await table.client.send(
        new PutCommand({
          TableName: table.name,
          Item: { ...keys.workspaceBudget(workspaceId), entity: "WorkspaceBudget", budget },
        }),
      );
      await table.client.send(
        new UpdateCommand({
          TableName: table.name,
          Key: ledgerKey(workspaceId, month),
          UpdateExpression:
            "SET entity = :entity, spentUsd = if_not_exists(spentUsd, :usd), spentTokens = if_not_exists(spentTokens, :tokens), " +
            "claimedUsd = if_not_exists(claimedUsd, :usd), claimedTokens = if_not_exists(claimedTokens, :tokens)",
          ExpressionAttributeValues: {
            ":entity": "BudgetMonth",
            ":usd": roundUsd(seed.costUsd),
            ":tokens": seed.tokens,
          },
        }),
      );
    },

    async remove(workspaceId) {
      await table.client.send(
        new DeleteCommand({ TableName: table.name, Key: keys.workspaceBudget(workspaceId) }),
      );
    },

    async claim(workspaceId, month, amount, caps) {
      const conditions: string[] = [];
      const values: Record<string, unknown> = { ":usd": roundUsd(amount.costUsd), ":tokens": amount.tokens };
      if (caps.costUsd !== null) {
        const headroom = roundUsd(caps.costUsd - amount.costUsd);
        if (headroom < 0) return false;
        conditions.push("(attribute_not_exists(claimedUsd) OR claimedUsd <= :usdRoom)");
        values[":usdRoom"] = headroom;
      }
      if (caps.tokens !== null) {
        const headroom = caps.tokens - amount.tokens;
        if (headroom < 0) return false;
        conditions.push("(attribute_not_exists(claimedTokens) OR claimedTokens <= :tokenRoom)");
        values[":tokenRoom"] = headroom;
      }
      try {
        await table.client.send(
          new UpdateCommand({
            TableName: table.name,
            Key: ledgerKey(workspaceId, month),
            UpdateExpression: "SET entity = :entity ADD claimedUsd :usd, claimedTokens :tokens",
            ...(conditions.length > 0 ? { ConditionExpression: conditions.join(" AND ") } : {}),
            ExpressionAttributeValues: { ...values, ":entity": "BudgetMonth" },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async settle(workspaceId, month, claimed, actual) {
      try {
        const { Attributes } = await table.client.send(
          new UpdateCommand({
            TableName: table.name,
            Key: ledgerKey(workspaceId, month),
            UpdateExpression:
              "ADD claimedUsd :usdBack, claimedTokens :tokensBack, spentUsd :usd, spentTokens :tokens",
            // A ledger removed with its budget is not brought back by a call that was under way.
            ConditionExpression: "attribute_exists(pk)",
            ExpressionAttributeValues: {
              ":usdBack": roundUsd(actual.costUsd - claimed.costUsd),
              ":tokensBack": actual.tokens - claimed.tokens,
              ":usd": roundUsd(actual.costUsd),
              ":tokens": actual.tokens,
            },
            ReturnValues: "UPDATED_NEW",
          }),
        );
        return { costUsd: Number(Attributes?.spentUsd ?? 0), tokens: Number(Attributes?.spentTokens ?? 0) };
      } catch (error) {
        if (isConditionFailure(error)) return { costUsd: 0, tokens: 0 };
        throw error;
      }
    },

    async markWarned(workspaceId, month) {
      try {
        await table.client.send(
          new UpdateCommand({
            TableName: table.name,
            Key: ledgerKey(workspaceId, month),
            UpdateExpression: "SET warned = :yes",
            ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(warned)",
            ExpressionAttributeValues: { ":yes": true },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async ledger(workspaceId, month): Promise<MonthLedger | undefined> {
      const { Item } = await table.client.send(
        new GetCommand({ TableName: table.name, Key: ledgerKey(workspaceId, month), ConsistentRead: true }),
      );
      if (!Item) return undefined;
      const spend = (usd: unknown, tokens: unknown): LlmSpend => ({
        costUsd: Number(usd ?? 0),
        tokens: Number(tokens ?? 0),
      });
      return {
        spent: spend(Item.spentUsd, Item.spentTokens),
        claimed: spend(Item.claimedUsd, Item.claimedTokens),
      };
    },
  };
}
