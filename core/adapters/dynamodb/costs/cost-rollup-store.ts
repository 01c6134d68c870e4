import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import {
  type AttemptCost,
  addToSums,
  callTotals,
  type DayModelTotals,
  dayOf,
  type ModelTotals,
} from "../../../domain/cost-record";
import type { CostRollupStore, RollupResult } from "../../../ports/store";
import { putIfAbsent } from "../table/conditional-writes";
import { cancellationCodes } from "../table/conditions";
import type { Table } from "../table/dynamo-client";
import { keys } from "../table/keys";
import { queryAll } from "../table/query";
import type { TransactItem } from "../table/transact";
import { dayItemRows, dayRollupActions } from "./cost-day-items";
import { costKey } from "./cost-items";
import { fullDayItems, rememberFull } from "./full-day-memory";
import { countRunActions } from "./rollup-items";

type Item = Record<string, unknown>;

/** Run-day markers a store remembers (about 1 MB); past that it forgets them all and starts again. */
const SEEN_MARKERS_KEPT = 10_000;

/** A record's calls summed per day and model (one step of one run: one definition, one step name). */
function group(cost: AttemptCost): Map<string, ModelTotals & { day: string }> {
  const groups = new Map<string, ModelTotals>();
  const days = new Map<string, string>();
  for (const call of cost.calls) {
    const key = `${dayOf(call.createdAt)}\n${call.model}`;
    days.set(key, dayOf(call.createdAt));
    addToSums(groups, key, callTotals(cost, call));
  }
  return new Map([...groups].map(([key, totals]) => [key, { ...totals, day: days.get(key) ?? "" }]));
}

/**
 * The workspace's cost rollups (`WS#<wsp>#COST`): per day and model, and markers of the runs that had calls
 * each day (and ever, with their count), from which the summary counts distinct runs.
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

  /** The `DAY#` items of days `fromDay`..`toDay` (inclusive): one range query. */
  function dayItems(workspaceId: string, fromDay: string, toDay: string): Promise<Item[]> {
    return queryAll(table, {
      KeyConditionExpression: "pk = :pk AND sk BETWEEN :from AND :to",
      ExpressionAttributeValues: {
        ":pk": keys.costRollupPartition(workspaceId),
        ":from": `DAY#${fromDay}`,
        ":to": `DAY#${toDay}#~`,
      },
      ConsistentRead: true,
    });
  }

  /** The day/model rollups of days `fromDay`..`toDay` (inclusive), each with its day: one range query. */
  async function dayRollups(workspaceId: string, fromDay: string, toDay: string): Promise<DayModelTotals[]> {
    return (await dayItems(workspaceId, fromDay, toDay)).flatMap(dayItemRows);
  }

  /**
   * Adds the record's calls to the day rollups and takes it off the pending index, in one transaction
   * conditional on it still being there: a record is added once, whoever tries. No all-time item: the
   * all-time summary folds the days, so a step pays one rollup item fewer. A definition's day item with no room
   * for the record's step refuses it alone: the step then goes to an item of its own.
   */
  async function rollUp(cost: AttemptCost, now: string): Promise<RollupResult> {
    const ws = cost.workspaceId;
    const actions: TransactItem[] = [
      {
        Update: {
          TableName: table.name,
          Key: costKey(cost),
          UpdateExpression: "REMOVE gsi2pk, gsi2sk SET rolledUpAt = :now",
          ConditionExpression: "attribute_exists(gsi2pk)",
          ExpressionAttributeValues: { ":now": now },
        },
      },
    ];
    const days = dayRollupActions(table.name, ws, [...group(cost).values()], fullDayItems(table));
    actions.push(...days.actions);
    const codes = await send(actions);
    if (!codes) return "rolled-up";
    if (codes[0] === "ConditionalCheckFailed") return "already";
    const full = days.definitionItems.filter(({ offset }) => codes[offset + 1] === "ConditionalCheckFailed");
    if (full.length === 0) return "conflict";
    rememberFull(
      table,
      full.map(({ item }) => item),
    );
    return rollUp(cost, now);
  }

  // The run-day markers this process wrote or found, so a run's next steps on this worker skip the put.
  const seenMarkers = new Set<string>();
  function remember(marker: string): void {
    if (seenMarkers.size >= SEEN_MARKERS_KEPT) seenMarkers.clear();
    seenMarkers.add(marker);
  }

  return {
    /**
     * Marks the run as having calls on each day of the record's calls (conditional puts: a marker already
     * there is billed 1 WRU either way, and tells a later step of the run that the run is counted), and
     * counts it once in the all-time run count (a conditional marker + ADD, one transaction).
     */
    async markRun(cost: AttemptCost, options: { onlyOnNewDay?: boolean } = {}): Promise<RollupResult> {
      const ws = cost.workspaceId;
      const days = [...new Set(cost.calls.map((call) => dayOf(call.createdAt)))];
      const markerKeys = days.map((day) => keys.costDayRun(ws, day, cost.workflowRunId));
      // Markers are never deleted, so one this process has seen would only refuse its put again (1 WRU).
      if (options.onlyOnNewDay && markerKeys.every((key) => seenMarkers.has(key.sk + key.pk)))
        return "already";
      let newDay = false;
      for (const [index, key] of markerKeys.entries()) {
        if (await putIfAbsent(table, { ...key, entity: "CostRunDay", day: days[index] })) newDay = true;
        remember(key.sk + key.pk);
      }
      if (options.onlyOnNewDay && !newDay) return "already";
      const codes = await send(countRunActions(table.name, ws, cost.workflowRunId));
      if (!codes) return "rolled-up";
      return codes[0] === "ConditionalCheckFailed" ? "already" : "conflict";
    },

    rollUp,

    /** The day rollups and run markers of whole days `fromDay`..`toDay` (inclusive): two range queries. */
    async days(
      workspaceId: string,
      fromDay: string,
      toDay: string,
    ): Promise<{ models: ModelTotals[]; runIds: string[] }> {
      const markers = await queryAll(table, {
        KeyConditionExpression: "pk = :pk AND sk BETWEEN :from AND :to",
        ExpressionAttributeValues: {
          ":pk": keys.costRollupPartition(workspaceId),
          ":from": keys.costDayRun(workspaceId, fromDay, "").sk,
          ":to": keys.costDayRun(workspaceId, toDay, "~").sk,
        },
        ConsistentRead: true,
      });
      const runIds = markers.map((item) => String(item.sk).slice("RUNDAY#yyyy-mm-dd#".length));
      const models: ModelTotals[] = [];
      for (const item of await dayItems(workspaceId, fromDay, toDay)) {
        for (const { day: _, ...row } of dayItemRows(item)) models.push(row);
        // A marker from before markers moved to `RUNDAY#`: `DAY#<day>#RUN#<run>`.
        if (item.entity === "CostRunDay") runIds.push(String(item.sk).slice("DAY#yyyy-mm-dd#RUN#".length));
      }
      return { models, runIds };
    },

    dayModels: dayRollups,

    /**
     * All-time totals per model, folded from the day rollups (days × models items, however many runs and
     * calls), and the number of distinct runs that ever made a call: one range query.
     */
    async allTime(workspaceId: string): Promise<{ models: ModelTotals[]; totalRuns: number }> {
      const items = await queryAll(table, {
        KeyConditionExpression: "pk = :pk AND sk BETWEEN :from AND :to",
        ExpressionAttributeValues: {
          ":pk": keys.costRollupPartition(workspaceId),
          ":from": keys.costAllRuns(workspaceId).sk,
          ":to": "DAY#~",
        },
        ConsistentRead: true,
      });
      const runs = items.find((item) => item.sk === keys.costAllRuns(workspaceId).sk);
      const models = items.flatMap(dayItemRows).map(({ day: _, ...row }) => row);
      return { models, totalRuns: Number(runs?.runs ?? 0) };
    },
  };
}
