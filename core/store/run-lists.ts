import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { RunRecord } from "../engine/run-record";
import type { Table } from "./dynamo-client";
import { type ItemKey, pad } from "./keys";
import { batchGet } from "./query";
import { fromRunItem } from "./run-items";
import type { IndexName } from "./table";

/**
 * Reads of the run indexes. Each index is KEYS_ONLY: a list reads the keys of one page from the index and
 * then the page's runs by primary key, strongly consistent.
 */
export function createRunListStore(table: Table) {
  async function keysOf(
    index: IndexName,
    pk: string,
    options: { from?: number; to?: number; limit?: number },
  ) {
    const found: ItemKey[] = [];
    let startKey: Record<string, unknown> | undefined;
    const range = options.from !== undefined && options.to !== undefined;
    do {
      const page = await table.client.send(
        new QueryCommand({
          TableName: table.name,
          IndexName: index,
          KeyConditionExpression: range
            ? `${index}pk = :pk AND ${index}sk BETWEEN :from AND :to`
            : `${index}pk = :pk`,
          ExpressionAttributeValues: {
            ":pk": pk,
            ...(range ? { ":from": pad(options.from ?? 0, 12), ":to": pad(options.to ?? 0, 12) } : {}),
          },
          ScanIndexForward: false,
          ExclusiveStartKey: startKey,
          Limit: options.limit,
        }),
      );
      found.push(...(page.Items ?? []).map((item) => ({ pk: String(item.pk), sk: String(item.sk) })));
      startKey =
        options.limit !== undefined && found.length >= options.limit ? undefined : page.LastEvaluatedKey;
    } while (startKey);
    return found;
  }

  async function runs(itemKeys: ItemKey[]): Promise<RunRecord[]> {
    const result: RunRecord[] = [];
    for (let i = 0; i < itemKeys.length; i += 100) {
      result.push(...(await batchGet(table, itemKeys.slice(i, i + 100))).map(fromRunItem));
    }
    return result;
  }

  return {
    /** Runs whose index position lies in from..to (inclusive), newest first. */
    async byPositions(index: IndexName, pk: string, from: number, to: number): Promise<RunRecord[]> {
      return runs(await keysOf(index, pk, { from, to }));
    },

    /** Every key in one index partition, newest first: for lists whose members come and go. */
    allKeys(index: IndexName, pk: string): Promise<ItemKey[]> {
      return keysOf(index, pk, {});
    },

    runs,

    /**
     * Runs whose next due time is at or before `dueBy`, from one sweeper shard; at most `limit`. The index
     * holds only runs that can still need a worker, so this reads the overdue ones and nothing else.
     */
    async dueForSweep(
      shard: number,
      dueBy: string,
      limit: number,
    ): Promise<{ workspaceId: string; runId: string }[]> {
      const page = await table.client.send(
        new QueryCommand({
          TableName: table.name,
          IndexName: "gsi5",
          KeyConditionExpression: "gsi5pk = :pk AND gsi5sk <= :dueBy",
          ExpressionAttributeValues: { ":pk": `SWEEP#${shard}`, ":dueBy": `${dueBy}#~` },
          Limit: limit,
        }),
      );
      return (page.Items ?? []).flatMap((item) => {
        const match = /^WS#(.+)#RUN#(.+)$/.exec(String(item.pk));
        return match?.[1] && match[2] ? [{ workspaceId: match[1], runId: match[2] }] : [];
      });
    },
  };
}
export type RunListStore = ReturnType<typeof createRunListStore>;
