import { PutCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import {
  type AttemptCost,
  addToSums,
  type DayModelTotals,
  dayOf,
  type ModelTotals,
} from "../../domain/cost-record";
import type { CostRollupStore, RollupResult } from "../../ports/store";
import { cancellationCodes } from "./conditions";
import type { Table } from "./dynamo-client";
import { keys } from "./keys";
import { queryAll } from "./query";
import type { TransactItem } from "./transact";

type Item = Record<string, unknown>;

/** Cost and tokens of one model over a period, as the rollup items hold them. */

const ADD_TOTALS = "ADD costUsd :cost, inputTokens :in, outputTokens :out, calls :calls";

function addTotals(table: Table, key: object, totals: ModelTotals, extra: Record<string, string>) {
  const names = Object.keys(extra);
  return {
    Update: {
      TableName: table.name,
      Key: key,
      UpdateExpression: `SET ${names.map((name) => `#${name} = :${name}`).join(", ")} ${ADD_TOTALS}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((name) => [`#${name}`, name])),
      ExpressionAttributeValues: {
        ...Object.fromEntries(names.map((name) => [`:${name}`, extra[name]])),
        ":cost": totals.costUsd,
        ":in": totals.inputTokens,
        ":out": totals.outputTokens,
        ":calls": totals.calls,
      },
    },
  } satisfies TransactItem;
}

function group(cost: AttemptCost, keyOf: (day: string, model: string) => string): Map<string, ModelTotals> {
  const groups = new Map<string, ModelTotals>();
  for (const { createdAt, model, costUsd, inputTokens, outputTokens } of cost.calls) {
    addToSums(groups, keyOf(dayOf(createdAt), model), {
      model,
      costUsd,
      inputTokens,
      outputTokens,
      calls: 1,
    });
  }
  return groups;
}

function toTotals(item: Item): ModelTotals {
  return {
    model: String(item.model),
    costUsd: Number(item.costUsd ?? 0),
    inputTokens: Number(item.inputTokens ?? 0),
    outputTokens: Number(item.outputTokens ?? 0),
    calls: Number(item.calls ?? 0),
  };
}

/**
 * The workspace's cost rollups (`WS#<wsp>#COST`): per day and model, all time per model, and markers of
 * the runs that had calls each day (and ever), from which the summary counts distinct runs.
 */
export function createCostRollupStore(table: Table): CostRollupStore {
  async function send(items: TransactItem[]): Promise<string[] | undefined> {
    try {
      await table.client.send(new TransactWriteCommand({ TransactItems: items }));
      return undefined;
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      return codes;
    }
  }

  return {
    /**
     * Marks the run as having calls on each day of the record's calls (plain puts: repeating one changes
     * nothing), and counts it once in the all-time run count (a conditional marker + ADD, one transaction).
     */
    async markRun(cost: AttemptCost): Promise<RollupResult> {
      const ws = cost.workspaceId;
      for (const day of new Set(cost.calls.map((call) => dayOf(call.createdAt)))) {
        const item = { ...keys.costDayRun(ws, day, cost.workflowRunId), entity: "CostRunDay" };
        await table.client.send(new PutCommand({ TableName: table.name, Item: { ...item, day } }));
      }
      const codes = await send([
        {
          Put: {
            TableName: table.name,
            Item: { ...keys.costRunSeen(ws, cost.workflowRunId), entity: "CostRunSeen" },
            ConditionExpression: "attribute_not_exists(pk)",
          },
        },
        {
          Update: {
            TableName: table.name,
            Key: keys.costAllRuns(ws),
            UpdateExpression: "ADD runs :one",
            ExpressionAttributeValues: { ":one": 1 },
          },
        },
      ]);
      if (!codes) return "rolled-up";
      return codes[0] === "ConditionalCheckFailed" ? "already" : "conflict";
    },

    /**
     * Adds the record's calls to the day/model and all-time rollups and takes it off the pending index, in
     * one transaction conditional on it still being there: a record is added once, whoever tries.
     */
    async rollUp(cost: AttemptCost, now: string): Promise<RollupResult> {
      const ws = cost.workspaceId;
      const actions: TransactItem[] = [
        {
          Update: {
            TableName: table.name,
            Key: keys.attemptCost(ws, cost.workflowRunId, cost.id),
            UpdateExpression: "REMOVE gsi2pk, gsi2sk SET rolledUpAt = :now",
            ConditionExpression: "attribute_exists(gsi2pk)",
            ExpressionAttributeValues: { ":now": now },
          },
        },
      ];
      for (const [key, totals] of group(cost, (day, model) => `${day}\n${model}`)) {
        const day = key.slice(0, key.indexOf("\n"));
        const extra = { entity: "CostDayRollup", model: totals.model, day };
        actions.push(addTotals(table, keys.costDayModel(ws, day, totals.model), totals, extra));
      }
      for (const totals of group(cost, (_day, model) => model).values()) {
        const extra = { entity: "CostRollup", model: totals.model };
        actions.push(addTotals(table, keys.costAllModel(ws, totals.model), totals, extra));
      }
      const codes = await send(actions);
      if (!codes) return "rolled-up";
      return codes[0] === "ConditionalCheckFailed" ? "already" : "conflict";
    },

    /** The day rollups and run markers of whole days `fromDay`..`toDay` (inclusive): one range query. */
    async days(
      workspaceId: string,
      fromDay: string,
      toDay: string,
    ): Promise<{ models: ModelTotals[]; runIds: string[] }> {
      const items = await queryAll(table, {
        KeyConditionExpression: "pk = :pk AND sk BETWEEN :from AND :to",
        ExpressionAttributeValues: {
          ":pk": keys.costRollupPartition(workspaceId),
          ":from": `DAY#${fromDay}`,
          ":to": `DAY#${toDay}#~`,
        },
        ConsistentRead: true,
      });
      const models: ModelTotals[] = [];
      const runIds: string[] = [];
      for (const item of items) {
        const sk = String(item.sk);
        const run = sk.indexOf("#RUN#");
        if (run >= 0) runIds.push(sk.slice(run + "#RUN#".length));
        else models.push(toTotals(item));
      }
      return { models, runIds };
    },

    /** The day/model rollups of days `fromDay`..`toDay` (inclusive), each with its day: one range query. */
    async dayModels(workspaceId: string, fromDay: string, toDay: string): Promise<DayModelTotals[]> {
      const items = await queryAll(table, {
        KeyConditionExpression: "pk = :pk AND sk BETWEEN :from AND :to",
        FilterExpression: "#entity = :entity",
        ExpressionAttributeNames: { "#entity": "entity" },
        ExpressionAttributeValues: {
          ":pk": keys.costRollupPartition(workspaceId),
          ":from": `DAY#${fromDay}`,
          ":to": `DAY#${toDay}#~`,
          ":entity": "CostDayRollup",
        },
        ConsistentRead: true,
      });
      return items.map((item) => ({
        day: String(item.sk).slice("DAY#".length, "DAY#".length + 10),
        ...toTotals(item),
      }));
    },

    /** All-time totals per model and the number of distinct runs that ever made a call. */
    async allTime(workspaceId: string): Promise<{ models: ModelTotals[]; totalRuns: number }> {
      const items = await queryAll(table, {
        KeyConditionExpression: "pk = :pk AND begins_with(sk, :all)",
        ExpressionAttributeValues: { ":pk": keys.costRollupPartition(workspaceId), ":all": "ALL#" },
        ConsistentRead: true,
      });
      const runs = items.find((item) => item.sk === keys.costAllRuns(workspaceId).sk);
      const models = items.filter((item) => String(item.sk).startsWith("ALL#MODEL#")).map(toTotals);
      return { models, totalRuns: Number(runs?.runs ?? 0) };
    },
  };
}
